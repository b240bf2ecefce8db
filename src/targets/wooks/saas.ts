// Wooks 0.7 (the newest line), installed in deps/wooks-0.7: see its package.json for why a folder of its own.
import { HttpError, createHttpApp, useAuthorization, useCookies, useResponse } from 'wooks-0.7/event-http';
import { useBody } from 'wooks-0.7/http-body';
import { useRouteParams } from 'wooks-0.7';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { saasRoutes } from '../_wooks/routes.js';

const app = createHttpApp();
// Wooks 0.7 writes status, headers and cookies on the one response useResponse() returns.
saasRoutes(app, {
  HttpError,
  authorization: () => useAuthorization().authorization,
  cookie: (name) => useCookies().getCookie(name),
  parseBody: <T>() => useBody().parseBody<T>(),
  params: () => useRouteParams<Record<string, string>>().params,
  status: (code) => useResponse().setStatus(code),
  setHeader: (name, value) => useResponse().setHeader(name, value),
  setCookie: (name, value, attrs) => useResponse().setCookie(name, value, attrs),
});

const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('wooks');
exitWhenOrphaned();
