/**
 * The hello and saas routes of the two Wooks targets, written once: `wooks` runs them on the
 * newest Wooks line (0.7), `wooks-0.6` on the line moost 0.5.33 runs on. Each app passes in its
 * line's createHttpApp() and composables; the handlers are the same on both.
 *
 * Wooks has no middleware: auth, body and params are composables a handler calls in the order
 * it needs them, and what a handler returns is the body (a string as text/plain, an object as
 * application/json). A thrown HttpError is rendered as JSON (no Accept header).
 */
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

type Handler = () => unknown;

/** The route methods of a Wooks HTTP app (createHttpApp()), the same on both lines. */
export interface WooksRoutes {
  get(path: string, handler: Handler): unknown;
  post(path: string, handler: Handler): unknown;
  put(path: string, handler: Handler): unknown;
  patch(path: string, handler: Handler): unknown;
  delete(path: string, handler: Handler): unknown;
}

/** The hello suite: text, JSON and a route parameter (read with the line's useRouteParams). */
export function helloRoutes(app: WooksRoutes, routeParam: (name: string) => string | undefined): void {
  app.get('/', () => 'Hello, world!');
  app.get('/json', () => ({ hello: 'world' }));
  app.get('/user/:id', () => routeParam('id'));
}

/**
 * What the saas routes call, as each line spells it. Reading (authorization, cookies, body,
 * route params) is the same on both; writing differs: 0.6 sets headers and cookies with
 * useSetHeaders() and useSetCookies() and the status with useResponse().status(), 0.7 does all
 * three on the response useResponse() returns.
 */
export interface WooksSaasComposables {
  HttpError: new (code: 400 | 401, message: string) => Error;
  /** useAuthorization().authorization: the raw header. */
  authorization(): string | undefined;
  /** useCookies().getCookie(name): matches one cookie, never parses the whole jar. */
  cookie(name: string): string | null | undefined;
  /** useBody().parseBody() (@wooksjs/http-body): 400 on malformed JSON. */
  parseBody<T>(): Promise<T>;
  /** useRouteParams().params */
  params(): Record<string, string>;
  status(code: 200 | 201): void;
  setHeader(name: string, value: string): void;
  setCookie(
    name: string,
    value: string,
    attrs: { path: string; httpOnly?: boolean; sameSite?: 'Lax'; maxAge?: number },
  ): void;
}

/** The saas suite's 21 routes. Every handler calls its auth composable first, so the body of a rejected request is never read. */
export function saasRoutes(app: WooksRoutes, wooks: WooksSaasComposables): void {
  const { HttpError, params, status } = wooks;
  const store = storeFromEnv();

  async function useTokenUser(): Promise<User> {
    const user = await store.userForToken(bearerToken(wooks.authorization()));
    if (!user) throw new HttpError(401, 'unauthorized');
    return user;
  }

  /** Reads the `sid` cookie only (getCookie matches one name, it does not parse the jar). */
  async function useSessionUser(): Promise<User> {
    const user = await store.userForSession(wooks.cookie('sid') ?? undefined);
    if (!user) throw new HttpError(401, 'unauthorized');
    return user;
  }

  /** The JSON body, checked: parseBody answers 400 on malformed JSON, `check` on invalid fields. */
  async function useValidBody<T>(check: (body: Record<string, unknown>) => boolean): Promise<T> {
    const body = await wooks.parseBody<unknown>();
    if (typeof body !== 'object' || body === null || !check(body as Record<string, unknown>)) {
      throw new HttpError(400, 'invalid body');
    }
    return body as T;
  }

  const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;
  const oneOf = (values: readonly string[], v: unknown) => values.includes(v as string);
  // Wooks defaults POST and PUT to 201 and PATCH to 202: routes answering 200 say so (status).

  // public
  app.get('/api/status', () => ({ status: 'ok' }));
  app.post('/auth/login', async () => {
    const body = await wooks.parseBody<{ email?: unknown; password?: unknown } | undefined>();
    const session = await store.login(body?.email, body?.password);
    if (!session) throw new HttpError(401, 'unauthorized');
    wooks.setCookie('sid', session, { path: '/', httpOnly: true, sameSite: 'Lax' });
    status(200);
    // store.login answers only the session id; the one user it can log in is the contract's.
    return { user: { id: USER.id, name: USER.name } };
  });
  app.post('/auth/logout', () => {
    wooks.setCookie('sid', '', { path: '/', maxAge: 0 });
  });
  app.get('/assets/*', () => {
    wooks.setHeader('cache-control', 'public, max-age=31536000, immutable');
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
    const { title, priority } = await useValidBody<{ title: string; priority: string }>(
      (b) => nonEmpty(b.title) && oneOf(PRIORITIES, b.priority),
    );
    status(201);
    return { projectId: params().projectId, title, priority, status: 'open' };
  });
  app.delete('/api/v1/projects/:projectId/tasks/:taskId', async () => {
    await useTokenUser(); // no body: 204
  });
  app.get('/api/v1/settings/notifications/preferences/email', async () => {
    await useTokenUser();
    wooks.setHeader('cache-control', 'private, max-age=60');
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
    // Wooks' default limit for an uncompressed body is 10 MB (1 MB compressed): enough for the ~100 KB import.
    const { tasks } = await useValidBody<{ tasks: unknown[] }>((b) => Array.isArray(b.tasks));
    status(200);
    return { projectId: params().projectId, imported: tasks.length };
  });
  app.get('/app/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId', async () => {
    await useSessionUser();
    const { orgId, teamId, projectId, taskId } = params();
    return { orgId, teamId, projectId, taskId };
  });
}
