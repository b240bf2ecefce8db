import { fanoutTarget } from '../_fanout/manifest.js';

export default fanoutTarget('fastify', 'undici');
