import { serveExpress } from '../_fanout/servers.js';

await serveExpress('express-fetch', 'fetch');
