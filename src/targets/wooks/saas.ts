import { HttpError, createHttpApp, useAuthorization, useCookies, useResponse, useSetCookies, useSetHeaders } from '@wooksjs/event-http';
import { useBody } from '@wooksjs/http-body';
import { useRouteParams } from 'wooks';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

// Wooks has no middleware: auth, body and params are composables a handler calls in the
// order it needs them. Every handler here calls its auth composable first, so the body of a
// rejected request is never read. A thrown HttpError is rendered as JSON (no Accept header).
const store = storeFromEnv();
const app = createHttpApp();

async function useTokenUser(): Promise<User> {
  const user = await store.userForToken(bearerToken(useAuthorization().authorization));
  if (!user) throw new HttpError(401, 'unauthorized');
  return user;
}

/** Reads the `sid` cookie only (useCookies matches one name, it does not parse the jar). */
async function useSessionUser(): Promise<User> {
  const user = await store.userForSession(useCookies().getCookie('sid') ?? undefined);
  if (!user) throw new HttpError(401, 'unauthorized');
  return user;
}

/** The JSON body, checked: useBody answers 400 on malformed JSON, `check` on invalid fields. */
async function useValidBody<T>(check: (body: Record<string, unknown>) => boolean): Promise<T> {
  const body = await useBody().parseBody<unknown>();
  if (typeof body !== 'object' || body === null || !check(body as Record<string, unknown>)) {
    throw new HttpError(400, 'invalid body');
  }
  return body as T;
}

const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;
const oneOf = (values: readonly string[], v: unknown) => values.includes(v as string);
const params = () => useRouteParams<Record<string, string>>().params;
// Wooks defaults POST and PUT to 201 and PATCH to 202: routes answering 200 say so.
const status = (code: 200 | 201) => useResponse().status(code);

// public
app.get('/api/status', () => ({ status: 'ok' }));
app.post('/auth/login', async () => {
  const body = await useBody().parseBody<{ email?: unknown; password?: unknown } | undefined>();
  const session = await store.login(body?.email, body?.password);
  if (!session) throw new HttpError(401, 'unauthorized');
  useSetCookies().setCookie('sid', session, { path: '/', httpOnly: true, sameSite: 'Lax' });
  status(200);
  // store.login answers only the session id; the one user it can log in is the contract's.
  return { user: { id: USER.id, name: USER.name } };
});
app.post('/auth/logout', () => {
  useSetCookies().setCookie('sid', '', { path: '/', maxAge: 0 });
});
app.get('/assets/*', () => {
  useSetHeaders().setHeader('cache-control', 'public, max-age=31536000, immutable');
  return { asset: params()['*'] };
});
app.get('/docs/*', () => ({ doc: params()['*'] }));

// header auth
app.get('/api/v1/me', () => useTokenUser());
app.get('/api/v1/projects', async () => {
  await useTokenUser();
  return [
    { id: 'p1', name: 'Project p1' },
    { id: 'p2', name: 'Project p2' },
  ];
});
app.get('/api/v1/projects/:projectId', async () => {
  await useTokenUser();
  const { projectId } = params();
  return { id: projectId, name: await store.projectName(projectId) };
});
app.patch('/api/v1/projects/:projectId', async () => {
  await useTokenUser();
  const { name } = await useValidBody<{ name: string }>((b) => nonEmpty(b.name));
  status(200);
  return { id: params().projectId, name };
});
app.get('/api/v1/projects/:projectId/tasks', async () => {
  await useTokenUser();
  return { projectId: params().projectId, tasks: [] };
});
app.post('/api/v1/projects/:projectId/tasks', async () => {
  await useTokenUser();
  const { title, priority } = await useValidBody<{ title: string; priority: string }>((b) => nonEmpty(b.title) && oneOf(PRIORITIES, b.priority));
  status(201);
  return { projectId: params().projectId, title, priority, status: 'open' };
});
app.delete('/api/v1/projects/:projectId/tasks/:taskId', async () => {
  await useTokenUser(); // no body: 204
});
app.get('/api/v1/settings/notifications/preferences/email', async () => {
  await useTokenUser();
  useSetHeaders().setHeader('cache-control', 'private, max-age=60');
  return { email: { digest: 'daily', mentions: true } };
});
app.get('/api/v1/users/:userId', async () => {
  await useTokenUser();
  return { id: params().userId };
});

// cookie auth
app.get('/app/dashboard', async () => ({ user: (await useSessionUser()).id, widgets: 3 }));
// A param ends at '/' or '-' in Wooks' router, so the '.json' suffix needs the param's regex.
app.get('/app/projects/:projectId([^/]+).json', async () => {
  await useSessionUser();
  const { projectId } = params();
  return { id: projectId, name: await store.projectName(projectId) };
});
app.get('/app/projects/:projectId/tasks/:taskId', async () => {
  await useSessionUser();
  const { projectId, taskId } = params();
  return { projectId, taskId };
});
app.put('/app/projects/:projectId/tasks/:taskId', async () => {
  await useSessionUser();
  const { status: taskStatus } = await useValidBody<{ status: string }>((b) => oneOf(TASK_STATUSES, b.status));
  const { projectId, taskId } = params();
  status(200);
  return { projectId, taskId, status: taskStatus };
});
app.post('/app/projects/:projectId/comments', async () => {
  await useSessionUser();
  const { text } = await useValidBody<{ text: string }>((b) => nonEmpty(b.text));
  status(201);
  return { projectId: params().projectId, text };
});
app.post('/app/projects/:projectId/import', async () => {
  await useSessionUser();
  // Wooks' default body limit is 1 MB (compressed and not): enough for the ~100 KB import.
  const { tasks } = await useValidBody<{ tasks: unknown[] }>((b) => Array.isArray(b.tasks));
  status(200);
  return { projectId: params().projectId, imported: tasks.length };
});
app.get('/app/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId', async () => {
  await useSessionUser();
  const { orgId, teamId, projectId, taskId } = params();
  return { orgId, teamId, projectId, taskId };
});

const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('wooks');
exitWhenOrphaned();
