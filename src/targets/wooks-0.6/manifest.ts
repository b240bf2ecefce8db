import { defineTarget } from '../_lib/manifest.js';

// The line moost 0.5.33 runs on, which installs only with legacy peer deps (see moost/manifest.ts).
export default defineTarget({
  name: 'wooks-0.6',
  title: 'Wooks 0.6',
  description: 'Wooks 0.6 HTTP (@wooksjs/event-http), the line moost 0.5.33 runs on: the same apps as the wooks target',
  packages: ['wooks', '@wooksjs/event-http', '@wooksjs/http-body', '@wooksjs/event-core', '@prostojs/router'],
  installFlags: ['--legacy-peer-deps'],
  router: true,
  homepage: 'https://wooks.moost.org',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  pinNote:
    'the older line on purpose: wooks 0.6.5 and @wooksjs/event-http 0.6.6 are what moost 0.5.33 runs on (the wooks target runs the newest, 0.7)',
  features: [
    'saas: auth composables (useAuthorization, useCookies) called first in each handler: auth checked before the body is read',
    'saas: cookie header read lazily: useCookies matches the sid cookie only, the jar is never parsed whole',
    'saas: useBody (@wooksjs/http-body) JSON parsing with safe-key checks, plain validation functions',
    "saas: wooks' default body limits (10 MB uncompressed, 1 MB compressed)",
  ],
});
