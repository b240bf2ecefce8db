import { defineTarget } from '../../../src/targets/_lib/manifest.js';

// node-http's hello app as it was up to 4e62c1e: writeHead() with a headers object sends the
// head at once, before end() knows the body's length, so every response went out chunked.
// Kept beside the fixed baseline so the cost of that framing can be measured again
// (README, "Suites and targets"): GAUNTLET_TARGET_DIRS=dist/bench/targets.
export default defineTarget({
  name: 'node-http-chunked',
  title: 'node:http, chunked',
  description: 'node-http with its responses sent chunked (Transfer-Encoding: chunked, no Content-Length)',
  packages: [],
  router: false,
  homepage: 'https://nodejs.org/api/http.html',
  apps: { hello: 'hello.js' },
});
