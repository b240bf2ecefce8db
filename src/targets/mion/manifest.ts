import { defineTarget } from '../_lib/manifest.js';

// Seed 004 is mion's own report. Neither `mion` nor `@mionkit/*` is served by the npm
// registry this project installs from, so it is listed, never faked.
export default defineTarget({
  name: 'mion',
  title: 'mion',
  description: 'mion (the framework of seed 004): RPC-style routes with automatic validation and serialization',
  packages: [],
  router: true,
  homepage: 'https://mion.io',
  // Listed for the hello suite (seed 004 is its report); it can never run here.
  apps: { hello: 'hello.js' },
  unavailable:
    'not installable: neither `mion` nor `@mionkit/router` is on the npm registry gauntlet installs from (npm answers 404)',
});
