import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'tuft',
  title: 'Tuft',
  description: 'Tuft, a dependency-free framework: a route map of response objects ({ text }, { json }) served by its own node:http server',
  packages: ['tuft'],
  router: true,
  homepage: 'https://tuft.dev',
  apps: { hello: 'hello.js' },
  minNode: 20,
  // Tuft's documented idiom: a plain response object, whose JSON it serializes once at startup.
  features: ['hello: static response objects for / and /json'],
});
