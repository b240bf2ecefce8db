import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'express5',
  title: 'Express 5',
  description: 'Express 5 with default settings and app.get routes',
  packages: ['express'],
  router: true,
  homepage: 'https://expressjs.com',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  features: [
    'saas: app-wide express.json({ limit: 1mb }): body read and parsed before auth',
    'saas: auth as Router middleware per tier (res.locals.user)',
    'saas: cookie-parser not installed: a cookie-parser-style middleware parses the whole jar up front (cookie-auth router only)',
    'saas: hand-written validation, JSON error handler for 400/413',
  ],
});
