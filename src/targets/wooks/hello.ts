// Wooks 0.7 (the newest line), installed in deps/wooks-0.7: see its package.json for why a folder of its own.
import { createHttpApp } from 'wooks-0.7/event-http';
import { useRouteParams } from 'wooks-0.7';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { helloRoutes } from '../_wooks/routes.js';

const app = createHttpApp();
helloRoutes(app, (name) => useRouteParams<Record<string, string>>().get(name));

const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('wooks');
exitWhenOrphaned();
