import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'wooks',
  title: 'Wooks',
  description: 'Wooks HTTP (@wooksjs/event-http): composable, context-based handlers that return their body, on its own node:http server',
  packages: ['wooks', '@wooksjs/event-http'],
  router: true,
  homepage: 'https://wooks.moost.org',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
