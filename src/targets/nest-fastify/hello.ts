import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter(), { logger: false });
const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('nest-fastify');
exitWhenOrphaned();
