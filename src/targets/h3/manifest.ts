import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'h3',
  title: 'h3',
  description: 'h3 v2 (web-standard Request/Response handlers) served on node:http through srvx via serve()',
  packages: ['h3'],
  router: true,
  homepage: 'https://h3.dev',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  features: [
    'saas: auth middleware on path prefixes (app.use), run before the handler: auth checked before the body is read',
    'saas: cookie header: getCookie parses the whole jar, only on cookie-auth routes',
    'saas: readValidatedBody with plain validator functions (no schema library)',
    'saas: no body limit (h3 sets none by default)',
  ],
});
