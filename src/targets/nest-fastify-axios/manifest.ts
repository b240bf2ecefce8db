import { nestFanoutTarget } from '../_fanout/nest-manifest.js';

export default nestFanoutTarget('fastify', 'axios');
