/**
 * The service side of the separate-process setup, run as its own process:
 *   node service-process.js <framework> <json options>
 * It starts math.add, prints `ready`, and runs until it is stopped (its process group is
 * SIGTERMed by whoever started it).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type AddHandler, correctAdd } from './contract.js';
import { startCoteService } from './cote.js';
import { startHemeraService } from './hemera.js';
import { type BrokerClass, mathService, QUIET } from './moleculer.js';
import { startSenecaService } from './seneca.js';

export interface ServiceProcessOptions {
  natsUrl?: string;
  /** The entry file of the Moleculer that runs (its line's, absolute); its own packages (nats) resolve from beside it. */
  moleculerMain?: string;
  cote?: { key: string; discoveryPort: number };
  /** A module whose `add` export the service runs instead of a + b (a test's wrong handler). */
  addModule?: string;
}

async function main(framework: string, options: ServiceProcessOptions): Promise<void> {
  const add = options.addModule
    ? ((await import(pathToFileURL(options.addModule).href)) as { add: AddHandler }).add
    : correctAdd;
  switch (framework) {
    case 'moleculer': {
      const { ServiceBroker } = createRequire(import.meta.url)(options.moleculerMain ?? 'moleculer') as {
        ServiceBroker: BrokerClass;
      };
      const broker = new ServiceBroker({ nodeID: 'math', transporter: options.natsUrl, ...QUIET });
      broker.createService(mathService(add));
      await broker.start();
      break;
    }
    case 'seneca':
      await startSenecaService(add, options.natsUrl);
      break;
    case 'hemera':
      await startHemeraService(add, options.natsUrl as string);
      break;
    case 'cote':
      await startCoteService(add, options.cote as { key: string; discoveryPort: number });
      break;
    default:
      throw new Error(`no service process for ${framework}`);
  }
  process.stdout.write('ready\n');
}

// Started in a process group of its own: if the process that started it dies without stopping it, leave too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();

main(process.argv[2], JSON.parse(process.argv[3] ?? '{}') as ServiceProcessOptions).catch((error) => {
  console.error(error);
  process.exit(1);
});
