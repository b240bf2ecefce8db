import 'nest-10/reflect-metadata';
import { NestFactory } from 'nest-10/core';
import { FastifyAdapter } from 'nest-10/platform-fastify';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { AxiosFanoutModule } from '../_fanout/nest-axios.js';

const app = await NestFactory.create(AxiosFanoutModule, new FastifyAdapter(), { logger: false });
const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('nest-fastify-axios');
exitWhenOrphaned();
