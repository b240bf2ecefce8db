// moost 0.5.33 is pinned: the latest moost has no matching @moostjs/event-http on the registry
// (see manifest.ts; installed with legacy peer deps).
import { MoostHttp } from '@moostjs/event-http';
import { Moost } from 'moost';
import { AppController } from './app.controller.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = new Moost();
const http = new MoostHttp();
app.adapter(http);
app.registerControllers(AppController);
await app.init();

const { host, port } = listenAddress();
await http.listen(port, host);
announceListening('moost');
exitWhenOrphaned();
