// Wooks 0.6, the line moost 0.5.33 runs on, from the top of gauntlet's node_modules.
import { createHttpApp } from '@wooksjs/event-http';
import { useRouteParams } from 'wooks';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { helloRoutes } from '../_wooks/routes.js';

const app = createHttpApp();
helloRoutes(app, (name) => useRouteParams<Record<string, string>>().get(name));

const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('wooks-0.6');
exitWhenOrphaned();
