/**
 * The saas API on Express 5, written the way its docs write one: app-wide express.json()
 * (so bodies are read and parsed before any auth middleware runs), one Router per auth tier
 * with its auth middleware, hand-written validation, and a JSON error handler last.
 * cookie-parser is not installed: a small middleware in its style parses the whole Cookie
 * header into req.cookies on the cookie-auth router.
 */
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

const store = storeFromEnv();
const app = express();

// Express's default JSON limit is 100 KB; the import body is about that, so raise it.
app.use(express.json({ limit: '1mb' }));

// ---- middleware

/** What cookie-parser does: parse the whole jar into req.cookies. */
const cookies: RequestHandler = (req, _res, next) => {
  const jar: Record<string, string> = {};
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (!(name in jar)) jar[name] = safeDecode(pair.slice(eq + 1).trim());
  }
  req.cookies = jar;
  next();
};

function safeDecode(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

const requireToken: RequestHandler = async (req, res, next) => {
  const user = await store.userForToken(bearerToken(req.headers.authorization));
  if (!user) {
    res.status(401).json({ error: 'unauthorized' });
    return;
  }
  res.locals.user = user;
  next();
};

const requireSession: RequestHandler = async (req, res, next) => {
  const user = await store.userForSession(req.cookies.sid);
  if (!user) {
    res.status(401).json({ error: 'unauthorized' });
    return;
  }
  res.locals.user = user;
  next();
};

const currentUser = (res: Response): User => res.locals.user as User;
const badRequest = (res: Response, error: string) => res.status(400).json({ error });
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

// ---- public

app.get('/api/status', (_req, res) => {
  res.json({ status: 'ok' });
});

app.post('/auth/login', async (req, res) => {
  const { email, password } = req.body ?? {};
  const session = await store.login(email, password);
  if (!session) {
    res.status(401).json({ error: 'invalid credentials' });
    return;
  }
  res.cookie('sid', session, { path: '/', httpOnly: true, sameSite: 'lax' });
  res.json({ user: { id: USER.id, name: USER.name } });
});

app.post('/auth/logout', (_req, res) => {
  res.cookie('sid', '', { path: '/', maxAge: 0 });
  res.status(204).end();
});

app.get('/assets/*path', (req, res) => {
  res.set('Cache-Control', 'public, max-age=31536000, immutable');
  res.json({ asset: req.params.path.join('/') });
});

app.get('/docs/*path', (req, res) => {
  res.json({ doc: req.params.path.join('/') });
});

// ---- header auth: /api/v1

const api = express.Router();
api.use(requireToken);

api.get('/me', (_req, res) => {
  res.json(currentUser(res));
});

api.get('/projects', (_req, res) => {
  res.json([
    { id: 'p1', name: 'Project p1' },
    { id: 'p2', name: 'Project p2' },
  ]);
});

api.get('/projects/:projectId', async (req, res) => {
  const { projectId } = req.params;
  res.json({ id: projectId, name: await store.projectName(projectId) });
});

api.patch('/projects/:projectId', (req, res) => {
  const { name } = req.body ?? {};
  if (!isText(name)) return badRequest(res, 'name must be a non-empty string');
  res.json({ id: req.params.projectId, name });
});

api.get('/projects/:projectId/tasks', (req, res) => {
  res.json({ projectId: req.params.projectId, tasks: [] });
});

api.post('/projects/:projectId/tasks', (req, res) => {
  const { title, priority } = req.body ?? {};
  if (!isText(title)) return badRequest(res, 'title must be a non-empty string');
  if (!isOneOf(PRIORITIES, priority)) return badRequest(res, 'priority must be low, medium or high');
  res.status(201).json({ projectId: req.params.projectId, title, priority, status: 'open' });
});

api.delete('/projects/:projectId/tasks/:taskId', (_req, res) => {
  res.status(204).end();
});

api.get('/settings/notifications/preferences/email', (_req, res) => {
  res.set('Cache-Control', 'private, max-age=60');
  res.json({ email: { digest: 'daily', mentions: true } });
});

api.get('/users/:userId', (req, res) => {
  res.json({ id: req.params.userId });
});

app.use('/api/v1', api);

// ---- cookie auth: /app

const web = express.Router();
web.use(cookies, requireSession);

web.get('/dashboard', (_req, res) => {
  res.json({ user: currentUser(res).id, widgets: 3 });
});

web.get('/projects/:projectId.json', async (req, res) => {
  const { projectId } = req.params;
  res.json({ id: projectId, name: await store.projectName(projectId) });
});

web.get('/projects/:projectId/tasks/:taskId', (req, res) => {
  const { projectId, taskId } = req.params;
  res.json({ projectId, taskId });
});

web.put('/projects/:projectId/tasks/:taskId', (req, res) => {
  const { status } = req.body ?? {};
  if (!isOneOf(TASK_STATUSES, status)) return badRequest(res, 'status must be open, in_progress or done');
  const { projectId, taskId } = req.params;
  res.json({ projectId, taskId, status });
});

web.post('/projects/:projectId/comments', (req, res) => {
  const { text } = req.body ?? {};
  if (!isText(text)) return badRequest(res, 'text must be a non-empty string');
  res.status(201).json({ projectId: req.params.projectId, text });
});

web.post('/projects/:projectId/import', (req, res) => {
  const { tasks } = req.body ?? {};
  if (!Array.isArray(tasks)) return badRequest(res, 'tasks must be an array');
  res.json({ projectId: req.params.projectId, imported: tasks.length });
});

web.get('/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId', (req, res) => {
  const { orgId, teamId, projectId, taskId } = req.params;
  res.json({ orgId, teamId, projectId, taskId });
});

app.use('/app', web);

// ---- errors: malformed JSON (400) and too-large bodies (413) from express.json, as JSON

const jsonErrors: ErrorRequestHandler = (err, _req, res, _next) => {
  const status = typeof err?.status === 'number' ? err.status : 500;
  res.status(status).json({ error: status < 500 ? err.message : 'internal error' });
};
app.use(jsonErrors);

const { host, port } = listenAddress();
app.listen(port, host, () => announceListening('express5'));
exitWhenOrphaned();
