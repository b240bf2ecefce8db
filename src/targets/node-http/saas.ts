/**
 * The saas API on bare node:http: a small segment router, auth checked before any body is
 * read, the session cookie found by scanning the Cookie header for `sid` only, and bodies
 * read by hand (limit 1 MB) then parsed and checked by hand.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

const store = storeFromEnv();
const BODY_LIMIT = 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  user: User;
}

type Auth = 'public' | 'token' | 'session';
type Handler = (ctx: Context) => unknown;

// ---- the router: patterns split into segments; `:name`, `:name.suffix` and a trailing `*`

interface Route {
  method: string;
  segments: string[];
  auth: Auth;
  handler: Handler;
}

const routes: Route[] = [];

function route(method: string, pattern: string, auth: Auth, handler: Handler): void {
  routes.push({ method, segments: pattern.split('/'), auth, handler });
}

function decode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'bad path encoding');
  }
}

function match(segments: string[], path: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i];
    const got = path[i];
    if (want === '*') {
      if (got === undefined || got === '') return undefined;
      params['*'] = path.slice(i).map(decode).join('/');
      return params;
    }
    if (got === undefined) return undefined;
    if (want.charCodeAt(0) === 58 /* : */) {
      const dot = want.indexOf('.');
      if (dot === -1) {
        if (got === '') return undefined;
        params[want.slice(1)] = decode(got);
      } else {
        const suffix = want.slice(dot);
        if (got.length <= suffix.length || !got.endsWith(suffix)) return undefined;
        params[want.slice(1, dot)] = decode(got.slice(0, -suffix.length));
      }
    } else if (want !== got) {
      return undefined;
    }
  }
  return segments.length === path.length ? params : undefined;
}

// ---- helpers

function send(res: ServerResponse, status: number, body?: unknown, headers?: Record<string, string>): void {
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** One cookie's value from the Cookie header, without parsing the rest of the jar. */
function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let at = 0;
  while (at < header.length) {
    while (header.charCodeAt(at) === 32) at++;
    const end = header.indexOf(';', at);
    const stop = end === -1 ? header.length : end;
    if (header.startsWith(name, at) && header.charCodeAt(at + name.length) === 61 /* = */) {
      return decode(header.slice(at + name.length + 1, stop));
    }
    at = stop + 1;
  }
  return undefined;
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpError(413, 'body too large'));
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks, size).toString('utf8')));
      } catch {
        reject(new HttpError(400, 'malformed JSON'));
      }
    });
    req.on('error', reject);
  });
}

/** The body as an object, or 400. */
async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const value = await readJson(req);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'body must be a JSON object');
  return value as Record<string, unknown>;
}

function invalid(message: string): never {
  throw new HttpError(400, message);
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

// ---- public

route('GET', '/api/status', 'public', ({ res }) => send(res, 200, { status: 'ok' }));

route('POST', '/auth/login', 'public', async ({ req, res }) => {
  const { email, password } = await body(req);
  const session = await store.login(email, password);
  if (!session) return send(res, 401, { error: 'invalid credentials' });
  send(
    res,
    200,
    { user: { id: USER.id, name: USER.name } },
    { 'set-cookie': `sid=${session}; Path=/; HttpOnly; SameSite=Lax` },
  );
});

route('POST', '/auth/logout', 'public', ({ res }) =>
  send(res, 204, undefined, { 'set-cookie': 'sid=; Path=/; Max-Age=0' }),
);

route('GET', '/assets/*', 'public', ({ res, params }) =>
  send(res, 200, { asset: params['*'] }, { 'cache-control': 'public, max-age=31536000, immutable' }),
);

route('GET', '/docs/*', 'public', ({ res, params }) => send(res, 200, { doc: params['*'] }));

// ---- header auth

route('GET', '/api/v1/me', 'token', ({ res, user }) => send(res, 200, user));

route('GET', '/api/v1/projects', 'token', ({ res }) =>
  send(res, 200, [
    { id: 'p1', name: 'Project p1' },
    { id: 'p2', name: 'Project p2' },
  ]),
);

route('GET', '/api/v1/projects/:projectId', 'token', async ({ res, params }) =>
  send(res, 200, { id: params.projectId, name: await store.projectName(params.projectId) }),
);

route('PATCH', '/api/v1/projects/:projectId', 'token', async ({ req, res, params }) => {
  const { name } = await body(req);
  if (!nonEmptyString(name)) invalid('name must be a non-empty string');
  send(res, 200, { id: params.projectId, name });
});

route('GET', '/api/v1/projects/:projectId/tasks', 'token', ({ res, params }) =>
  send(res, 200, { projectId: params.projectId, tasks: [] }),
);

route('POST', '/api/v1/projects/:projectId/tasks', 'token', async ({ req, res, params }) => {
  const { title, priority } = await body(req);
  if (!nonEmptyString(title)) invalid('title must be a non-empty string');
  if (!oneOf(PRIORITIES, priority)) invalid('priority must be low, medium or high');
  send(res, 201, { projectId: params.projectId, title, priority, status: 'open' });
});

route('DELETE', '/api/v1/projects/:projectId/tasks/:taskId', 'token', ({ res }) => send(res, 204));

route('GET', '/api/v1/settings/notifications/preferences/email', 'token', ({ res }) =>
  send(res, 200, { email: { digest: 'daily', mentions: true } }, { 'cache-control': 'private, max-age=60' }),
);

route('GET', '/api/v1/users/:userId', 'token', ({ res, params }) => send(res, 200, { id: params.userId }));

// ---- cookie auth

route('GET', '/app/dashboard', 'session', ({ res, user }) => send(res, 200, { user: user.id, widgets: 3 }));

route('GET', '/app/projects/:projectId.json', 'session', async ({ res, params }) =>
  send(res, 200, { id: params.projectId, name: await store.projectName(params.projectId) }),
);

route('GET', '/app/projects/:projectId/tasks/:taskId', 'session', ({ res, params }) =>
  send(res, 200, { projectId: params.projectId, taskId: params.taskId }),
);

route('PUT', '/app/projects/:projectId/tasks/:taskId', 'session', async ({ req, res, params }) => {
  const { status } = await body(req);
  if (!oneOf(TASK_STATUSES, status)) invalid('status must be open, in_progress or done');
  send(res, 200, { projectId: params.projectId, taskId: params.taskId, status });
});

route('POST', '/app/projects/:projectId/comments', 'session', async ({ req, res, params }) => {
  const { text } = await body(req);
  if (!nonEmptyString(text)) invalid('text must be a non-empty string');
  send(res, 201, { projectId: params.projectId, text });
});

route('POST', '/app/projects/:projectId/import', 'session', async ({ req, res, params }) => {
  const { tasks } = await body(req);
  if (!Array.isArray(tasks)) invalid('tasks must be an array');
  send(res, 200, { projectId: params.projectId, imported: tasks.length });
});

route('GET', '/app/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId', 'session', ({ res, params }) =>
  send(res, 200, { orgId: params.orgId, teamId: params.teamId, projectId: params.projectId, taskId: params.taskId }),
);

// ---- the server: route, authenticate, then run the handler

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).split('/');
  for (const r of routes) {
    if (r.method !== req.method) continue;
    const params = match(r.segments, path);
    if (!params) continue;
    let user: User | undefined;
    if (r.auth === 'token') user = await store.userForToken(bearerToken(req.headers.authorization));
    else if (r.auth === 'session') user = await store.userForSession(cookie(req.headers.cookie, 'sid'));
    if (r.auth !== 'public' && !user) return send(res, 401, { error: 'unauthorized' });
    await r.handler({ req, res, params, user: user! });
    return;
  }
  send(res, 404, { error: 'not found' });
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (res.headersSent) return res.destroy();
    if (error instanceof HttpError) send(res, error.status, { error: error.message });
    else send(res, 500, { error: 'internal error' });
  });
});

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('node-http'));
exitWhenOrphaned();
