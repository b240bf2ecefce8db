/**
 * The saas API on Fastify 5, written the way its docs write one: one encapsulated plugin
 * per auth tier with an onRequest auth hook (so a bad token or session is rejected before
 * the body is read), JSON schemas on every body (Ajv validation, Fastify's own 400s), the
 * user kept in a request decorator. @fastify/cookie is not installed: an onRequest hook in
 * its style parses the whole Cookie header on the cookie-auth routes. Bodies: Fastify's
 * default 1 MiB limit; responses: no response schemas (plain JSON.stringify).
 */
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { bearerToken, storeFromEnv, type User } from '../_lib/saas-store.js';

const store = storeFromEnv();
const app = Fastify({ logger: false });

app.decorateRequest('user', null);
app.decorateRequest('cookies', null);

const currentUser = (request: FastifyRequest) => request.getDecorator<User>('user');

function unauthorized(reply: FastifyReply) {
  return reply.code(401).send({ error: 'unauthorized' });
}

/** A JSON-schema body: an object with these required properties. */
function body(properties: Record<string, object>) {
  return { body: { type: 'object', required: Object.keys(properties), properties } };
}

const nonEmpty = { type: 'string', minLength: 1 };

type ProjectParams = { Params: { projectId: string } };
type TaskParams = { Params: { projectId: string; taskId: string } };

// ---- public

app.get('/api/status', async () => ({ status: 'ok' }));

app.post<{ Body: { email: string; password: string } }>(
  '/auth/login',
  { schema: body({ email: { type: 'string' }, password: { type: 'string' } }) },
  async (request, reply) => {
    const session = await store.login(request.body.email, request.body.password);
    if (!session) return reply.code(401).send({ error: 'invalid credentials' });
    reply.header('set-cookie', `sid=${session}; Path=/; HttpOnly; SameSite=Lax`);
    return { user: { id: USER.id, name: USER.name } };
  },
);

app.post('/auth/logout', async (_request, reply) => {
  reply.code(204).header('set-cookie', 'sid=; Path=/; Max-Age=0').send();
});

app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  return { asset: request.params['*'] };
});

app.get<{ Params: { '*': string } }>('/docs/*', async (request) => ({ doc: request.params['*'] }));

// ---- header auth: /api/v1

const api: FastifyPluginAsync = async (api) => {
  api.addHook('onRequest', async (request, reply) => {
    const user = await store.userForToken(bearerToken(request.headers.authorization));
    if (!user) return unauthorized(reply);
    request.setDecorator('user', user);
  });

  api.get('/me', async (request) => currentUser(request));

  api.get('/projects', async () => [
    { id: 'p1', name: 'Project p1' },
    { id: 'p2', name: 'Project p2' },
  ]);

  api.get<ProjectParams>('/projects/:projectId', async (request) => {
    const { projectId } = request.params;
    return { id: projectId, name: await store.projectName(projectId) };
  });

  api.patch<ProjectParams & { Body: { name: string } }>(
    '/projects/:projectId',
    { schema: body({ name: nonEmpty }) },
    async (request) => ({
      id: request.params.projectId,
      name: request.body.name,
    }),
  );

  api.get<ProjectParams>('/projects/:projectId/tasks', async (request) => ({
    projectId: request.params.projectId,
    tasks: [],
  }));

  api.post<ProjectParams & { Body: { title: string; priority: string } }>(
    '/projects/:projectId/tasks',
    { schema: body({ title: nonEmpty, priority: { enum: PRIORITIES } }) },
    async (request, reply) => {
      const { title, priority } = request.body;
      return reply.code(201).send({ projectId: request.params.projectId, title, priority, status: 'open' });
    },
  );

  api.delete('/projects/:projectId/tasks/:taskId', async (_request, reply) => {
    reply.code(204).send();
  });

  api.get('/settings/notifications/preferences/email', async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=60');
    return { email: { digest: 'daily', mentions: true } };
  });

  api.get<{ Params: { userId: string } }>('/users/:userId', async (request) => ({ id: request.params.userId }));
};

// ---- cookie auth: /app

/** What @fastify/cookie's onRequest hook does: parse the whole jar. */
function parseCookies(header: string | undefined): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (name in jar) continue;
    const value = pair.slice(eq + 1).trim();
    try {
      jar[name] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      jar[name] = value;
    }
  }
  return jar;
}

const web: FastifyPluginAsync = async (web) => {
  web.addHook('onRequest', async (request) => {
    request.setDecorator('cookies', parseCookies(request.headers.cookie));
  });

  web.addHook('onRequest', async (request, reply) => {
    const user = await store.userForSession(request.getDecorator<Record<string, string>>('cookies').sid);
    if (!user) return unauthorized(reply);
    request.setDecorator('user', user);
  });

  web.get('/dashboard', async (request) => ({ user: currentUser(request).id, widgets: 3 }));

  web.get<ProjectParams>('/projects/:projectId.json', async (request) => {
    const { projectId } = request.params;
    return { id: projectId, name: await store.projectName(projectId) };
  });

  web.get<TaskParams>('/projects/:projectId/tasks/:taskId', async (request) => {
    const { projectId, taskId } = request.params;
    return { projectId, taskId };
  });

  web.put<TaskParams & { Body: { status: string } }>(
    '/projects/:projectId/tasks/:taskId',
    { schema: body({ status: { enum: TASK_STATUSES } }) },
    async (request) => {
      const { projectId, taskId } = request.params;
      return { projectId, taskId, status: request.body.status };
    },
  );

  web.post<ProjectParams & { Body: { text: string } }>(
    '/projects/:projectId/comments',
    { schema: body({ text: nonEmpty }) },
    async (request, reply) => reply.code(201).send({ projectId: request.params.projectId, text: request.body.text }),
  );

  web.post<ProjectParams & { Body: { tasks: unknown[] } }>(
    '/projects/:projectId/import',
    { schema: body({ tasks: { type: 'array' } }) },
    async (request) => ({ projectId: request.params.projectId, imported: request.body.tasks.length }),
  );

  web.get<{ Params: { orgId: string; teamId: string; projectId: string; taskId: string } }>(
    '/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId',
    async (request) => {
      const { orgId, teamId, projectId, taskId } = request.params;
      return { orgId, teamId, projectId, taskId };
    },
  );
};

app.register(api, { prefix: '/api/v1' });
app.register(web, { prefix: '/app' });

const { host, port } = listenAddress();
await app.listen({ host, port });
announceListening('fastify');
exitWhenOrphaned();
