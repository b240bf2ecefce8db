import { serveExpress } from '../_fanout/servers.js';

await serveExpress('express-got', 'got');
