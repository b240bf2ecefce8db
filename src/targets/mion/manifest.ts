import { defineTarget } from '../_lib/manifest.js';

// mion's Hello World benchmarks (https://github.com/MionKit/Benchmarks), which the hello suite
// follows, are mion's own report. Neither `mion` nor `@mionkit/*` is served by the npm
// registry this project installs from, so it is listed, never faked.
export default defineTarget({
  name: 'mion',
  title: 'mion',
  description:
    'mion (whose Hello World benchmarks the hello suite follows): RPC-style routes with automatic validation and serialization',
  packages: [],
  router: true,
  homepage: 'https://mion.io',
  // Listed for the hello suite (mion's benchmarks are its reference); it can never run here.
  apps: { hello: 'hello.js' },
  unavailable:
    'not installable: neither `mion` nor `@mionkit/router` is on the npm registry gauntlet installs from (npm answers 404)',
});
