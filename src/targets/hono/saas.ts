/**
 * The saas API on Hono through @hono/node-server, written the way Hono's docs write one: a
 * sub-app per auth tier mounted with app.route, auth as createMiddleware (c.set('user')),
 * getCookie from 'hono/cookie' for the session, bodies through the built-in validator('json')
 * (c.req.json() underneath; hand-written checks), and app.onError answering JSON. The auth
 * middleware runs before the validator, so a bad token or session is rejected before the
 * body is read. Hono sets no body limit by default, so none is set here.
 */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

type Env = { Variables: { user: User } };

const store = storeFromEnv();
const app = new Hono<Env>();

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

// ---- auth middleware

const requireToken = createMiddleware<Env>(async (c, next) => {
  const user = await store.userForToken(bearerToken(c.req.header('authorization')));
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  c.set('user', user);
  await next();
});

const requireSession = createMiddleware<Env>(async (c, next) => {
  const user = await store.userForSession(getCookie(c, 'sid'));
  if (!user) return c.json({ error: 'unauthorized' }, 401);
  c.set('user', user);
  await next();
});

// ---- public

app.get('/api/status', (c) => c.json({ status: 'ok' }));

app.post(
  '/auth/login',
  validator('json', (body) => ({ email: body?.email, password: body?.password })),
  async (c) => {
    const { email, password } = c.req.valid('json');
    const session = await store.login(email, password);
    if (!session) return c.json({ error: 'invalid credentials' }, 401);
    setCookie(c, 'sid', session, { path: '/', httpOnly: true, sameSite: 'Lax' });
    return c.json({ user: { id: USER.id, name: USER.name } });
  },
);

app.post('/auth/logout', (c) => {
  deleteCookie(c, 'sid', { path: '/' });
  return c.body(null, 204);
});

app.get('/assets/:path{.+}', (c) => {
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  return c.json({ asset: c.req.param('path') });
});

app.get('/docs/:path{.+}', (c) => c.json({ doc: c.req.param('path') }));

// ---- header auth: /api/v1

const api = new Hono<Env>();
api.use(requireToken);

api.get('/me', (c) => c.json(c.get('user')));

api.get('/projects', (c) =>
  c.json([
    { id: 'p1', name: 'Project p1' },
    { id: 'p2', name: 'Project p2' },
  ]),
);

api.get('/projects/:projectId', async (c) => {
  const projectId = c.req.param('projectId');
  return c.json({ id: projectId, name: await store.projectName(projectId) });
});

api.patch(
  '/projects/:projectId',
  validator('json', (body, c) =>
    isText(body?.name) ? { name: body.name as string } : c.json({ error: 'name must be a non-empty string' }, 400),
  ),
  (c) => c.json({ id: c.req.param('projectId'), name: c.req.valid('json').name }),
);

api.get('/projects/:projectId/tasks', (c) => c.json({ projectId: c.req.param('projectId'), tasks: [] }));

api.post(
  '/projects/:projectId/tasks',
  validator('json', (body, c) => {
    const { title, priority } = body ?? {};
    if (!isText(title)) return c.json({ error: 'title must be a non-empty string' }, 400);
    if (!isOneOf(PRIORITIES, priority)) return c.json({ error: 'priority must be low, medium or high' }, 400);
    return { title, priority };
  }),
  (c) => c.json({ projectId: c.req.param('projectId'), ...c.req.valid('json'), status: 'open' }, 201),
);

api.delete('/projects/:projectId/tasks/:taskId', (c) => c.body(null, 204));

api.get('/settings/notifications/preferences/email', (c) => {
  c.header('Cache-Control', 'private, max-age=60');
  return c.json({ email: { digest: 'daily', mentions: true } });
});

api.get('/users/:userId', (c) => c.json({ id: c.req.param('userId') }));

app.route('/api/v1', api);

// ---- cookie auth: /app

const web = new Hono<Env>();
web.use(requireSession);

web.get('/dashboard', (c) => c.json({ user: c.get('user').id, widgets: 3 }));

// Hono's params take no literal suffix: match "<id>.json" with a regexp and strip it.
web.get('/projects/:file{[^/]+\\.json}', async (c) => {
  const projectId = c.req.param('file').slice(0, -'.json'.length);
  return c.json({ id: projectId, name: await store.projectName(projectId) });
});

web.get('/projects/:projectId/tasks/:taskId', (c) =>
  c.json({ projectId: c.req.param('projectId'), taskId: c.req.param('taskId') }),
);

web.put(
  '/projects/:projectId/tasks/:taskId',
  validator('json', (body, c) =>
    isOneOf(TASK_STATUSES, body?.status)
      ? { status: body.status as string }
      : c.json({ error: 'status must be open, in_progress or done' }, 400),
  ),
  (c) =>
    c.json({ projectId: c.req.param('projectId'), taskId: c.req.param('taskId'), status: c.req.valid('json').status }),
);

web.post(
  '/projects/:projectId/comments',
  validator('json', (body, c) =>
    isText(body?.text) ? { text: body.text as string } : c.json({ error: 'text must be a non-empty string' }, 400),
  ),
  (c) => c.json({ projectId: c.req.param('projectId'), text: c.req.valid('json').text }, 201),
);

web.post(
  '/projects/:projectId/import',
  validator('json', (body, c) =>
    Array.isArray(body?.tasks) ? { tasks: body.tasks as unknown[] } : c.json({ error: 'tasks must be an array' }, 400),
  ),
  (c) => c.json({ projectId: c.req.param('projectId'), imported: c.req.valid('json').tasks.length }),
);

web.get('/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId', (c) => {
  const { orgId, teamId, projectId, taskId } = c.req.param();
  return c.json({ orgId, teamId, projectId, taskId });
});

app.route('/app', web);

// ---- errors: the validator throws HTTPException(400) on malformed JSON; answer it as JSON

app.onError((err, c) => {
  if (err instanceof HTTPException) return c.json({ error: err.message }, err.status);
  return c.json({ error: 'internal error' }, 500);
});

const { host, port } = listenAddress();
serve({ fetch: app.fetch, hostname: host, port }, () => announceListening('hono'));
exitWhenOrphaned();
