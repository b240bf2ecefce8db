import 'nest-10/reflect-metadata';
import { NestFactory } from 'nest-10/core';
import { ExpressAdapter } from 'nest-10/platform-express';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { AxiosFanoutModule } from '../_fanout/nest-axios.js';

const app = await NestFactory.create(AxiosFanoutModule, new ExpressAdapter(), { logger: false });
const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('nest-express-axios');
exitWhenOrphaned();
