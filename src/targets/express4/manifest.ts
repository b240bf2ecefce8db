import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'express4',
  title: 'Express 4',
  description: 'Express 4 (installed as the npm alias express4) with default settings and app.get routes',
  packages: ['express4'],
  router: true,
  homepage: 'https://expressjs.com',
  apps: { hello: 'hello.js' },
  minNode: 20,
  pinNote: 'the 4.x line on purpose (4.22.3, its newest), measured beside express5 (5.3.0, the newest express)',
  features: [],
});
