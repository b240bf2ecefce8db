import {
  H3,
  HTTPError,
  deleteCookie,
  getCookie,
  getRouterParam,
  noContent,
  readBody,
  readValidatedBody,
  serve,
  setCookie,
} from 'h3';
import type { H3Event, Middleware } from 'h3';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

declare module 'h3' {
  interface H3EventContext {
    user?: User;
  }
}

const store = storeFromEnv();

// Validators for readValidatedBody: a false result is h3's own 400 "Validation failed" (JSON),
// as is a body that is not JSON.
type Fields = Record<string, unknown>;
const validator =
  <T>(check: (b: Fields) => boolean) =>
  (b: unknown) =>
    typeof b === 'object' && b !== null && check(b as Fields) ? (b as T) : false;
const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;
const oneOf = (values: readonly string[], v: unknown) => values.includes(v as string);

const newTask = validator<{ title: string; priority: string }>(
  (b) => nonEmpty(b.title) && oneOf(PRIORITIES, b.priority),
);
const taskUpdate = validator<{ status: string }>((b) => oneOf(TASK_STATUSES, b.status));
const projectUpdate = validator<{ name: string }>((b) => nonEmpty(b.name));
const comment = validator<{ text: string }>((b) => nonEmpty(b.text));
const importBody = validator<{ tasks: unknown[] }>((b) => Array.isArray(b.tasks));

const unauthorized = () => new HTTPError({ status: 401, message: 'unauthorized' });

// Auth middleware, mounted on path prefixes: it runs before the handler, so the body of a
// rejected request is never read.
const requireToken: Middleware = async (event) => {
  event.context.user = await store.userForToken(bearerToken(event.req.headers.get('authorization') ?? undefined));
  if (!event.context.user) throw unauthorized();
};
const requireSession: Middleware = async (event) => {
  event.context.user = await store.userForSession(getCookie(event, 'sid'));
  if (!event.context.user) throw unauthorized();
};

const param = (event: H3Event, name: string) => getRouterParam(event, name)!;
const created = <T>(event: H3Event, body: T) => {
  event.res.status = 201;
  return body;
};

const app = new H3()
  .use('/api/v1/**', requireToken)
  .use('/app/**', requireSession)

  // public
  .get('/api/status', () => ({ status: 'ok' }))
  .post('/auth/login', async (event) => {
    const body = await readBody<Fields>(event);
    const session = await store.login(body?.email, body?.password);
    if (!session) throw unauthorized();
    setCookie(event, 'sid', session, { path: '/', httpOnly: true, sameSite: 'lax' });
    // store.login answers only the session id; the one user it can log in is the contract's.
    return { user: { id: USER.id, name: USER.name } };
  })
  .post('/auth/logout', (event) => {
    deleteCookie(event, 'sid', { path: '/' });
    return noContent();
  })
  .get('/assets/**:path', (event) => {
    event.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
    return { asset: param(event, 'path') };
  })
  .get('/docs/**:path', (event) => ({ doc: param(event, 'path') }))

  // header auth
  .get('/api/v1/me', (event) => event.context.user)
  .get('/api/v1/projects', () => [
    { id: 'p1', name: 'Project p1' },
    { id: 'p2', name: 'Project p2' },
  ])
  .get('/api/v1/projects/:projectId', async (event) => {
    const id = param(event, 'projectId');
    return { id, name: await store.projectName(id) };
  })
  .patch('/api/v1/projects/:projectId', async (event) => {
    const { name } = await readValidatedBody(event, projectUpdate);
    return { id: param(event, 'projectId'), name };
  })
  .get('/api/v1/projects/:projectId/tasks', (event) => ({ projectId: param(event, 'projectId'), tasks: [] }))
  .post('/api/v1/projects/:projectId/tasks', async (event) => {
    const { title, priority } = await readValidatedBody(event, newTask);
    return created(event, { projectId: param(event, 'projectId'), title, priority, status: 'open' });
  })
  .delete('/api/v1/projects/:projectId/tasks/:taskId', () => noContent())
  .get('/api/v1/settings/notifications/preferences/email', (event) => {
    event.res.headers.set('cache-control', 'private, max-age=60');
    return { email: { digest: 'daily', mentions: true } };
  })
  .get('/api/v1/users/:userId', (event) => ({ id: param(event, 'userId') }))

  // cookie auth
  .get('/app/dashboard', (event) => ({ user: event.context.user!.id, widgets: 3 }))
  .get('/app/projects/:projectId.json', async (event) => {
    const id = param(event, 'projectId');
    return { id, name: await store.projectName(id) };
  })
  .get('/app/projects/:projectId/tasks/:taskId', (event) => ({
    projectId: param(event, 'projectId'),
    taskId: param(event, 'taskId'),
  }))
  .put('/app/projects/:projectId/tasks/:taskId', async (event) => {
    const { status } = await readValidatedBody(event, taskUpdate);
    return { projectId: param(event, 'projectId'), taskId: param(event, 'taskId'), status };
  })
  .post('/app/projects/:projectId/comments', async (event) => {
    const { text } = await readValidatedBody(event, comment);
    return created(event, { projectId: param(event, 'projectId'), text });
  })
  .post('/app/projects/:projectId/import', async (event) => {
    const { tasks } = await readValidatedBody(event, importBody);
    return { projectId: param(event, 'projectId'), imported: tasks.length };
  })
  .get('/app/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId', (event) => ({
    orgId: param(event, 'orgId'),
    teamId: param(event, 'teamId'),
    projectId: param(event, 'projectId'),
    taskId: param(event, 'taskId'),
  }));

const { host, port } = listenAddress();
// silent: no srvx banner; gracefulShutdown off: stop on SIGTERM at once, like the other targets.
const server = serve(app, { hostname: host, port, silent: true, gracefulShutdown: false });
await server.ready();
announceListening('h3');
exitWhenOrphaned();
