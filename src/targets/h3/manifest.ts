import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'h3',
  title: 'h3',
  description: 'h3 v2 (web-standard Request/Response handlers) served on node:http through srvx via serve()',
  packages: ['h3'],
  router: true,
  homepage: 'https://h3.dev',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
