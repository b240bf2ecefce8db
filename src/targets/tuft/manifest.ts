import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'tuft',
  title: 'Tuft',
  description:
    'Tuft, a dependency-free framework: a route map of response objects ({ text }, { json }) served by its own node:http server',
  packages: ['tuft'],
  router: true,
  homepage: 'https://tuft.dev',
  apps: { hello: 'hello.js' },
  // Listed for the h2 suite (its reference is Tuft's own: the Tuft benchmark comparison,
  // https://github.com/tuftjs/bench), never faked: Tuft 2 has no HTTP/2.
  unavailableFor: {
    h2: 'Tuft 2 (the only line on the npm registry) serves HTTP/1.1 only: its createServer wraps node:http; the Tuft benchmark comparison measured the HTTP/2-only Tuft 1, which is not on the registry',
  },
  minNode: 20,
  // Tuft's documented idiom: a plain response object, whose JSON it serializes once at startup.
  features: ['hello: static response objects for / and /json'],
});
