import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'wooks',
  title: 'Wooks',
  description:
    'Wooks 0.7 HTTP (@wooksjs/event-http): composable, context-based handlers that return their body, on its own node:http server',
  packages: ['wooks', '@wooksjs/event-http', '@wooksjs/http-body', '@wooksjs/event-core'],
  // The newest Wooks cannot share the top of node_modules with moost's (0.6): see deps/wooks-0.7/package.json.
  packageRoot: 'deps/wooks-0.7',
  router: true,
  homepage: 'https://wooks.moost.org',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  features: [
    'saas: auth composables (useAuthorization, useCookies) called first in each handler: auth checked before the body is read',
    'saas: cookie header read lazily: useCookies matches the sid cookie only, the jar is never parsed whole',
    'saas: useBody (@wooksjs/http-body) JSON parsing with safe-key checks, plain validation functions',
    "saas: wooks' default body limits (10 MB uncompressed, 1 MB compressed)",
  ],
});
