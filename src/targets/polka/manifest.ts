import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'polka',
  title: 'Polka',
  description: 'Polka 1.0 (next) routes writing to the node:http response directly',
  packages: ['polka'],
  router: true,
  homepage: 'https://github.com/lukeed/polka',
  apps: { hello: 'hello.js' },
  minNode: 20,
  pinNote: 'a pre-release: the 1.0.0-next line is the only one released since 0.5.2 (February 2019)',
  features: [],
});
