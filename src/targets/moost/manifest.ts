import { defineTarget } from '../_lib/manifest.js';

// moost's latest release (0.6.10) has no matching @moostjs/event-http on the registry, so 0.5.33
// is pinned, with wooks 0.6.5, @wooksjs/event-http 0.6.6 and @prostojs/router 0.3.4 at the top of
// node_modules: the wooks-0.6 target runs the same line. @wooksjs/event-http 0.6.6 asks for the
// peer wooks ^0.6.6, which the registry lacks, so the line installs only with legacy peer deps:
// gauntlet's package leaves it to devDependencies (a plain `npm install gauntlet-bench` must
// succeed), and a user who wants these two targets installs it with the command they name.
export default defineTarget({
  name: 'moost',
  title: 'Moost (HTTP)',
  description:
    'Moost: decorated controllers (DI, interceptors, pipes) on top of Wooks HTTP through @moostjs/event-http',
  packages: ['moost', '@moostjs/event-http', 'wooks', '@wooksjs/event-http', '@wooksjs/event-core', '@prostojs/router'],
  installFlags: ['--legacy-peer-deps'],
  router: true,
  layer: 'wooks-0.6',
  homepage: 'https://moost.org',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  pinNote:
    'moost 0.5.33: the newest moost (0.6.10) has no matching @moostjs/event-http (0.5.33 is its newest), and 0.5.33 runs on wooks 0.6',
  features: [
    'saas: controllers per tier; the store injected by DI (provide registry, @Inject)',
    'saas: class-based GUARD interceptors (@Intercept) for bearer and cookie auth, run before arguments are resolved: auth checked before the body is read',
    'saas: cookie header read lazily: useCookies matches the sid cookie only, the jar is never parsed whole',
    'saas: @Body() with a VALIDATE-priority pipe (plain checks, no schema library)',
    'saas: @SetStatus / @SetHeader interceptors for statuses and cache headers',
    "saas: wooks' default body limits (10 MB uncompressed, 1 MB compressed)",
  ],
});
