import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'polka',
  title: 'Polka',
  description: 'Polka 0.5 routes writing to the node:http response directly',
  packages: ['polka'],
  router: true,
  homepage: 'https://github.com/lukeed/polka',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
