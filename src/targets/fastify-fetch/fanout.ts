import { serveFastify } from '../_fanout/servers.js';

await serveFastify('fastify-fetch', 'fetch');
