import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: '0http',
  title: '0http',
  description:
    '0http 5 with its default sequential (trouter) router and tweaked node:http server; handlers write to the raw response',
  packages: ['0http'],
  router: true,
  homepage: 'https://0http.21no.de',
  apps: { hello: 'hello.js' },
  minNode: 22,
  features: [],
});
