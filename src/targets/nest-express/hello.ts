import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: false });
const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('nest-express');
exitWhenOrphaned();
