import { serveFastify } from '../_fanout/servers.js';

await serveFastify('fastify-axios', 'axios');
