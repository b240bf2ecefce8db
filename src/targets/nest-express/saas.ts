import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { saasModule } from '../_nest/saas.module.js';
import { PublicController } from './saas.controllers.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = await NestFactory.create<NestExpressApplication>(saasModule(PublicController), { logger: false });
// express.json's default limit is 100 kB, under the ~100 KB import: raised to 1 MB. The body
// parser is Express middleware, so it reads every body before a guard can reject the request.
app.useBodyParser('json', { limit: '1mb' });
const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('nest-express');
exitWhenOrphaned();
