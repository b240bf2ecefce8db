// Wooks 0.6, the line moost 0.5.33 runs on, from the top of gauntlet's node_modules.
import {
  HttpError,
  createHttpApp,
  useAuthorization,
  useCookies,
  useResponse,
  useSetCookies,
  useSetHeaders,
} from '@wooksjs/event-http';
import { useBody } from '@wooksjs/http-body';
import { useRouteParams } from 'wooks';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { saasRoutes } from '../_wooks/routes.js';

const app = createHttpApp();
// Wooks 0.6 writes the response through three composables: useResponse (status), useSetHeaders, useSetCookies.
saasRoutes(app, {
  HttpError,
  authorization: () => useAuthorization().authorization,
  cookie: (name) => useCookies().getCookie(name),
  parseBody: <T>() => useBody().parseBody<T>(),
  params: () => useRouteParams<Record<string, string>>().params,
  status: (code) => useResponse().status(code),
  setHeader: (name, value) => useSetHeaders().setHeader(name, value),
  setCookie: (name, value, attrs) => useSetCookies().setCookie(name, value, attrs),
});

const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('wooks-0.6');
exitWhenOrphaned();
