import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { saasModule } from '../_nest/saas.module.js';
import { PublicController } from './saas.controllers.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

// Fastify's default body limit is 1 MiB, enough for the ~100 KB import. Fastify parses the
// body before Nest's route handler (and so its guards) runs: bodies are read before auth.
const app = await NestFactory.create<NestFastifyApplication>(saasModule(PublicController), new FastifyAdapter(), {
  logger: false,
});
const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('nest-fastify');
exitWhenOrphaned();
