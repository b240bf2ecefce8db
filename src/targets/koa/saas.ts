/**
 * The saas API on Koa 3 + @koa/router, written the way Koa's docs write one: an error-handling
 * middleware first (turning ctx.throw into JSON answers), one router per auth tier with its
 * auth middleware in router.use, ctx.state.user, ctx.cookies.get for the session. Koa has no
 * body parser and none is installed: handlers read the body with a small helper (1 MB limit)
 * after auth has passed, and validate it by hand.
 */
import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

interface State {
  user: User;
}

const store = storeFromEnv();
const app = new Koa<State>();
const BODY_LIMIT = 1024 * 1024;

// ---- helpers

/** The raw body, up to the limit (past it: 413, the rest drained so the answer still goes out). */
function readBody(ctx: Context): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) return void chunks.push(chunk);
      ctx.req.off('data', onData).resume();
      reject(Object.assign(new Error('body too large'), { status: 413, expose: true }));
    };
    ctx.req.on('data', onData);
    ctx.req.on('end', () => resolve(Buffer.concat(chunks, size)));
    ctx.req.on('error', reject);
  });
}

/** Reads and parses a JSON object body: 400 when it is not one. */
async function readJson(ctx: Context): Promise<Record<string, unknown>> {
  const raw = await readBody(ctx);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    ctx.throw(400, 'malformed JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.throw(400, 'body must be a JSON object');
  return value as Record<string, unknown>;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

async function requireToken(ctx: Context, next: Next) {
  const user = await store.userForToken(bearerToken(ctx.headers.authorization));
  if (!user) ctx.throw(401, 'unauthorized');
  ctx.state.user = user;
  await next();
}

async function requireSession(ctx: Context, next: Next) {
  const user = await store.userForSession(ctx.cookies.get('sid'));
  if (!user) ctx.throw(401, 'unauthorized');
  ctx.state.user = user;
  await next();
}

// ---- errors as JSON (ctx.throw from auth, validation and the body helper)

app.use(async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const { status, expose, message } = err as { status?: number; expose?: boolean; message: string };
    ctx.status = status ?? 500;
    ctx.body = { error: expose ? message : 'internal error' };
  }
});

// ---- public

const site = new Router<State>();

site.get('/api/status', (ctx) => {
  ctx.body = { status: 'ok' };
});

site.post('/auth/login', async (ctx) => {
  const { email, password } = await readJson(ctx);
  const session = await store.login(email, password);
  if (!session) return ctx.throw(401, 'invalid credentials');
  ctx.cookies.set('sid', session, { path: '/', httpOnly: true, sameSite: 'lax' });
  ctx.body = { user: { id: USER.id, name: USER.name } };
});

site.post('/auth/logout', (ctx) => {
  // ctx.cookies.set('sid', '') writes an Expires date but no Max-Age: write the header itself.
  ctx.set('Set-Cookie', 'sid=; Path=/; Max-Age=0');
  ctx.status = 204;
});

site.get('/assets/*path', (ctx) => {
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.body = { asset: ctx.params.path };
});

site.get('/docs/*path', (ctx) => {
  ctx.body = { doc: ctx.params.path };
});

// ---- header auth: /api/v1

const api = new Router<State>({ prefix: '/api/v1' });
api.use(requireToken);

api.get('/me', (ctx) => {
  ctx.body = ctx.state.user;
});

api.get('/projects', (ctx) => {
  ctx.body = [
    { id: 'p1', name: 'Project p1' },
    { id: 'p2', name: 'Project p2' },
  ];
});

api.get('/projects/:projectId', async (ctx) => {
  const { projectId } = ctx.params;
  ctx.body = { id: projectId, name: await store.projectName(projectId) };
});

api.patch('/projects/:projectId', async (ctx) => {
  const { name } = await readJson(ctx);
  if (!isText(name)) return ctx.throw(400, 'name must be a non-empty string');
  ctx.body = { id: ctx.params.projectId, name };
});

api.get('/projects/:projectId/tasks', (ctx) => {
  ctx.body = { projectId: ctx.params.projectId, tasks: [] };
});

api.post('/projects/:projectId/tasks', async (ctx) => {
  const { title, priority } = await readJson(ctx);
  if (!isText(title)) return ctx.throw(400, 'title must be a non-empty string');
  if (!isOneOf(PRIORITIES, priority)) return ctx.throw(400, 'priority must be low, medium or high');
  ctx.status = 201;
  ctx.body = { projectId: ctx.params.projectId, title, priority, status: 'open' };
});

api.delete('/projects/:projectId/tasks/:taskId', (ctx) => {
  ctx.status = 204;
});

api.get('/settings/notifications/preferences/email', (ctx) => {
  ctx.set('Cache-Control', 'private, max-age=60');
  ctx.body = { email: { digest: 'daily', mentions: true } };
});

api.get('/users/:userId', (ctx) => {
  ctx.body = { id: ctx.params.userId };
});

// ---- cookie auth: /app

const web = new Router<State>({ prefix: '/app' });
web.use(requireSession);

web.get('/dashboard', (ctx) => {
  ctx.body = { user: ctx.state.user.id, widgets: 3 };
});

web.get('/projects/:projectId.json', async (ctx) => {
  const { projectId } = ctx.params;
  ctx.body = { id: projectId, name: await store.projectName(projectId) };
});

web.get('/projects/:projectId/tasks/:taskId', (ctx) => {
  const { projectId, taskId } = ctx.params;
  ctx.body = { projectId, taskId };
});

web.put('/projects/:projectId/tasks/:taskId', async (ctx) => {
  const { status } = await readJson(ctx);
  if (!isOneOf(TASK_STATUSES, status)) return ctx.throw(400, 'status must be open, in_progress or done');
  const { projectId, taskId } = ctx.params;
  ctx.body = { projectId, taskId, status };
});

web.post('/projects/:projectId/comments', async (ctx) => {
  const { text } = await readJson(ctx);
  if (!isText(text)) return ctx.throw(400, 'text must be a non-empty string');
  ctx.status = 201;
  ctx.body = { projectId: ctx.params.projectId, text };
});

web.post('/projects/:projectId/import', async (ctx) => {
  const { tasks } = await readJson(ctx);
  if (!Array.isArray(tasks)) return ctx.throw(400, 'tasks must be an array');
  ctx.body = { projectId: ctx.params.projectId, imported: tasks.length };
});

web.get('/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId', (ctx) => {
  const { orgId, teamId, projectId, taskId } = ctx.params;
  ctx.body = { orgId, teamId, projectId, taskId };
});

app.use(site.routes());
app.use(api.routes());
app.use(web.routes());

const { host, port } = listenAddress();
app.listen(port, host, () => announceListening('koa'));
exitWhenOrphaned();
