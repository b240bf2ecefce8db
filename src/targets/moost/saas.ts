// moost 0.5.33 is pinned (see manifest.ts).
import { MoostHttp } from '@moostjs/event-http';
import { Moost, createProvideRegistry } from 'moost';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { storeFromEnv } from '../_lib/saas-store.js';
import { STORE } from './saas.auth.js';
import { ApiController, AppController, PublicController } from './saas.controllers.js';

const app = new Moost();
const http = new MoostHttp();
app.adapter(http);
// The store is created once and injected (@Inject(STORE)) into controllers and guards.
const store = storeFromEnv();
app.setProvideRegistry(createProvideRegistry([STORE, () => store]));
app.registerControllers(PublicController, ApiController, AppController);
await app.init();

const { host, port } = listenAddress();
await http.listen(port, host);
announceListening('moost');
exitWhenOrphaned();
