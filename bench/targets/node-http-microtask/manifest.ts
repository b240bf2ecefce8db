import { defineTarget } from '../../../src/targets/_lib/manifest.js';

// node-http answering one microtask after the request event instead of inside it, as a
// framework does that runs its handler behind a promise; kept to measure what that changes
// under the hello suite's pipelined load (README, "Suites and targets"):
// GAUNTLET_TARGET_DIRS=dist/bench/targets.
export default defineTarget({
  name: 'node-http-microtask',
  title: 'node:http, answering in a microtask',
  description: 'node-http with each answer written one microtask after the request event',
  packages: [],
  router: false,
  homepage: 'https://nodejs.org/api/http.html',
  apps: { hello: 'hello.js' },
});
