/**
 * The saas suite (the Moost vs NestJS benchmark, https://github.com/prostojs/router-benchmark): a project-management API with 21 routes in three tiers (public,
 * header auth, cookie auth), 20 load scenarios in four categories, and verification checks
 * for every route. Targets implement ROUTES.md; this file is the contract they are held to.
 */
import type { Check, ExpectedAnswer, RequestSpec, Scenario } from '../types.js';
import {
  BAD_SESSION,
  BAD_TOKEN,
  PASSWORD,
  SESSION,
  SESSION_COOKIE,
  SMALL_COMMENT,
  SMALL_STATUS,
  SMALL_TASK,
  TOKEN,
  USER,
  cookieJar,
  largeImport,
} from './contract.js';

const JSON_TYPE = 'application/json';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const jar = (session: string) => ({ cookie: cookieJar(session) });
const JSON_HEADERS = { 'content-type': 'application/json' };
const ok = (json: unknown, status = 200, headers?: ExpectedAnswer['headers']): ExpectedAnswer => ({
  status,
  contentType: JSON_TYPE,
  json,
  headers,
});
const unauthorized: ExpectedAnswer = { status: 401, contentType: JSON_TYPE };
const LARGE = JSON.stringify(largeImport());

function post(
  method: RequestSpec['method'],
  path: string,
  headers: Record<string, string>,
  body: unknown,
): RequestSpec {
  return {
    method,
    path,
    headers: { ...headers, ...JSON_HEADERS },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** A scenario whose load is its one checked request. */
function scenario(
  name: string,
  category: string,
  description: string,
  request: RequestSpec,
  expect: ExpectedAnswer,
): Scenario {
  return { name, category, description, load: [request], checks: [{ request, expect }] };
}

/** Project ids cycled by parameterised loads, so no cache can shortcut routing. */
const ids = (prefix: string, n = 50) => Array.from({ length: n }, (_, i) => `${prefix}${1000 + i * 13}`);

function paramScenario(
  name: string,
  category: string,
  description: string,
  paths: string[],
  headers: Record<string, string>,
  answer: (path: string) => unknown,
): Scenario {
  const load = paths.map((path) => ({ method: 'GET' as const, path, headers }));
  return {
    name,
    category,
    description,
    load,
    checks: load.slice(0, 2).map((request) => ({ request, expect: ok(answer(request.path)) })),
  };
}

const ASSET_CACHE = 'public, max-age=31536000, immutable';
const SETTINGS_CACHE = 'private, max-age=60';

export const SAAS_SCENARIOS: Scenario[] = [
  // public
  scenario(
    'public-static',
    'public',
    'GET /api/status: a short static public route',
    { method: 'GET', path: '/api/status' },
    ok({ status: 'ok' }),
  ),
  scenario(
    'public-login',
    'public',
    'POST /auth/login with a small JSON body: answers the user and sets the session cookie',
    post('POST', '/auth/login', {}, { email: USER.email, password: PASSWORD }),
    ok({ user: { id: USER.id, name: USER.name } }, 200, {
      'set-cookie': new RegExp(`^${SESSION_COOKIE}=${SESSION}(; *(Path=/|HttpOnly|SameSite=Lax)){3}$`, 'i'),
    }),
  ),
  scenario(
    'public-wildcard-cache',
    'public',
    'GET /assets/*: a wildcard route with long-lived cache headers',
    { method: 'GET', path: '/assets/js/app.3f2a9c.js' },
    ok({ asset: 'js/app.3f2a9c.js' }, 200, { 'cache-control': ASSET_CACHE }),
  ),
  scenario(
    'public-wildcard-deep',
    'public',
    'GET /docs/*: a deep wildcard (six segments)',
    { method: 'GET', path: '/docs/guides/getting-started/install/linux/debian' },
    ok({ doc: 'guides/getting-started/install/linux/debian' }),
  ),
  // header auth
  scenario(
    'header-static',
    'header-auth',
    'GET /api/v1/me with a bearer token',
    { method: 'GET', path: '/api/v1/me', headers: bearer(TOKEN) },
    ok(USER),
  ),
  paramScenario(
    'header-param',
    'header-auth',
    'GET /api/v1/projects/:projectId with a bearer token; 50 ids',
    ids('p').map((id) => `/api/v1/projects/${id}`),
    bearer(TOKEN),
    (path) => {
      const id = path.split('/').pop()!;
      return { id, name: `Project ${id}` };
    },
  ),
  scenario(
    'header-long-static-cache',
    'header-auth',
    'GET /api/v1/settings/notifications/preferences/email: a long static route with private cache headers',
    { method: 'GET', path: '/api/v1/settings/notifications/preferences/email', headers: bearer(TOKEN) },
    ok({ email: { digest: 'daily', mentions: true } }, 200, { 'cache-control': SETTINGS_CACHE }),
  ),
  scenario(
    'header-post-small',
    'header-auth',
    'POST /api/v1/projects/:projectId/tasks: a small JSON body, validated',
    post('POST', '/api/v1/projects/p1042/tasks', bearer(TOKEN), SMALL_TASK),
    ok({ projectId: 'p1042', title: SMALL_TASK.title, priority: SMALL_TASK.priority, status: 'open' }, 201),
  ),
  scenario(
    'header-fail',
    'header-auth',
    'GET /api/v1/me with a wrong token: 401',
    { method: 'GET', path: '/api/v1/me', headers: bearer(BAD_TOKEN) },
    unauthorized,
  ),
  // cookie auth
  paramScenario(
    'cookie-param-suffix',
    'cookie-auth',
    'GET /app/projects/:projectId.json with the ~20-cookie jar; 50 ids',
    ids('p').map((id) => `/app/projects/${id}.json`),
    jar(SESSION),
    (path) => {
      const id = path
        .split('/')
        .pop()!
        .replace(/\.json$/, '');
      return { id, name: `Project ${id}` };
    },
  ),
  paramScenario(
    'cookie-two-params',
    'cookie-auth',
    'GET /app/projects/:projectId/tasks/:taskId with the cookie jar',
    ids('p').map((id, i) => `/app/projects/${id}/tasks/t${i + 1}`),
    jar(SESSION),
    (path) => {
      const [, , , projectId, , taskId] = path.split('/');
      return { projectId, taskId };
    },
  ),
  paramScenario(
    'cookie-four-params',
    'cookie-auth',
    'GET /app/orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId with the cookie jar',
    ids('p').map((id, i) => `/app/orgs/o${i % 5}/teams/tm${i % 7}/projects/${id}/tasks/t${i + 1}`),
    jar(SESSION),
    (path) => {
      const [, , , orgId, , teamId, , projectId, , taskId] = path.split('/');
      return { orgId, teamId, projectId, taskId };
    },
  ),
  scenario(
    'cookie-post-small',
    'cookie-auth',
    'POST /app/projects/:projectId/comments: a small JSON body',
    post('POST', '/app/projects/p1042/comments', jar(SESSION), SMALL_COMMENT),
    ok({ projectId: 'p1042', text: SMALL_COMMENT.text }, 201),
  ),
  scenario(
    'cookie-put-small',
    'cookie-auth',
    'PUT /app/projects/:projectId/tasks/:taskId: a small JSON body',
    post('PUT', '/app/projects/p1042/tasks/t7', jar(SESSION), SMALL_STATUS),
    ok({ projectId: 'p1042', taskId: 't7', status: SMALL_STATUS.status }),
  ),
  scenario(
    'cookie-post-large',
    'cookie-auth',
    'POST /app/projects/:projectId/import: a ~100 KB JSON body of 400 tasks',
    post('POST', '/app/projects/p1042/import', jar(SESSION), LARGE),
    ok({ projectId: 'p1042', imported: 400 }),
  ),
  scenario(
    'cookie-fail',
    'cookie-auth',
    'GET /app/projects/:projectId.json with a wrong session: 401',
    { method: 'GET', path: '/app/projects/p1042.json', headers: jar(BAD_SESSION) },
    unauthorized,
  ),
  // errors
  scenario('error-404-short', 'errors', 'GET /nope: 404', { method: 'GET', path: '/nope' }, { status: 404 }),
  scenario(
    'error-404-deep',
    'errors',
    'GET a deep unknown path under /api/v1: 404',
    { method: 'GET', path: '/api/v1/projects/p1/tasks/t1/attachments/a1/versions/v2/raw', headers: bearer(TOKEN) },
    { status: 404 },
  ),
  scenario(
    'error-large-bad-header',
    'errors',
    'POST ~100 KB to /api/v1/projects/:projectId/tasks with a wrong token: 401',
    post('POST', '/api/v1/projects/p1042/tasks', bearer(BAD_TOKEN), LARGE),
    unauthorized,
  ),
  scenario(
    'error-large-bad-cookie',
    'errors',
    'POST ~100 KB to /app/projects/:projectId/import with a wrong session: 401',
    post('POST', '/app/projects/p1042/import', jar(BAD_SESSION), LARGE),
    unauthorized,
  ),
];

/** The other routes of the API: verified, never loaded (a real router holds more routes than one test hits). */
export const SAAS_ROUTE_CHECKS: Check[] = [
  {
    request: { method: 'GET', path: '/api/v1/projects', headers: bearer(TOKEN) },
    expect: ok([
      { id: 'p1', name: 'Project p1' },
      { id: 'p2', name: 'Project p2' },
    ]),
  },
  {
    request: { method: 'GET', path: '/api/v1/projects/p7/tasks', headers: bearer(TOKEN) },
    expect: ok({ projectId: 'p7', tasks: [] }),
  },
  {
    request: { method: 'DELETE', path: '/api/v1/projects/p7/tasks/t3', headers: bearer(TOKEN) },
    expect: { status: 204 },
  },
  {
    request: post('PATCH', '/api/v1/projects/p7', bearer(TOKEN), { name: 'Renamed' }),
    expect: ok({ id: 'p7', name: 'Renamed' }),
  },
  { request: { method: 'GET', path: '/api/v1/users/u9', headers: bearer(TOKEN) }, expect: ok({ id: 'u9' }) },
  {
    request: { method: 'GET', path: '/app/dashboard', headers: jar(SESSION) },
    expect: ok({ user: USER.id, widgets: 3 }),
  },
  {
    request: { method: 'POST', path: '/auth/logout', headers: jar(SESSION) },
    expect: { status: 204, headers: { 'set-cookie': new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`, 'i') } },
  },
  // Bad input is refused, not crashed on.
  {
    request: post('POST', '/api/v1/projects/p1/tasks', bearer(TOKEN), '{"title": "unterminated'),
    expect: { status: 400, contentType: JSON_TYPE },
  },
  {
    request: post('POST', '/api/v1/projects/p1/tasks', bearer(TOKEN), { title: '', priority: 'urgent' }),
    expect: { status: 400, contentType: JSON_TYPE },
  },
  { request: post('POST', '/auth/login', {}, { email: USER.email, password: 'wrong' }), expect: unauthorized },
  { request: { method: 'GET', path: '/api/v1/me' }, expect: unauthorized },
  {
    request: { method: 'GET', path: '/app/dashboard', headers: { cookie: 'theme=dark; locale=en-GB' } },
    expect: unauthorized,
  },
];
