import { defineTarget } from '../_lib/manifest.js';

// moost's latest release has no matching @moostjs/event-http on the registry, so 0.5.33 is
// pinned, with wooks 0.6.5, @wooksjs/event-http 0.6.6 and @prostojs/router 0.3.4
// (installed with legacy peer deps).
export default defineTarget({
  name: 'moost',
  title: 'Moost (HTTP)',
  description: 'Moost: decorated controllers (DI, interceptors, pipes) on top of Wooks HTTP through @moostjs/event-http',
  packages: ['moost', '@moostjs/event-http', 'wooks', '@wooksjs/event-http'],
  router: true,
  layer: 'wooks',
  homepage: 'https://moost.org',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
