/**
 * Every way the cross-framework part calls math.add, each row labelled by its setup:
 *  - local: in-process calls, no transport (the reference report's "local request" table);
 *  - reference: as the reference benchmark did it, one process: Moleculer over its TCP
 *    transporter, Seneca and Hemera over NATS;
 *  - fair: every framework over the same NATS broker, one process;
 *  - separate: caller and service in two processes over that NATS broker;
 *  - brokerless: cote, which has no broker and cannot take part in the NATS setups (its own
 *    TCP sockets, loopback discovery), in one process and in two.
 * Nanoservices has no transport, so it appears under local only.
 */
import { type AddHandler, type MathAddClient, untilAnswering } from './contract.js';
import { coteNetwork, startCote, startCoteCaller } from './cote.js';
import { startHemera, startHemeraCaller } from './hemera.js';
import { type BrokerClass, startMoleculer } from './moleculer.js';
import { startNanoservices } from './nanoservices.js';
import { startSeneca, startSenecaCaller } from './seneca.js';
import { startServiceProcess, withServiceProcess } from './separate-process.js';

export type SetupName = 'local' | 'reference' | 'fair' | 'separate' | 'brokerless';
export type FrameworkName = 'moleculer' | 'seneca' | 'hemera' | 'nanoservices' | 'cote';

export interface SetupContext {
  /** The NATS broker gauntlet started (reference, fair, separate). */
  natsUrl?: string;
  /** The ServiceBroker of the Moleculer line that runs. */
  ServiceBroker: BrokerClass;
  /** That Moleculer's entry file (absolute), which the service process of the separate setup loads. */
  moleculerMain: string;
  /** The handler the in-process services run (the correct one, except in a test). */
  add: AddHandler;
  /** The module exporting that handler as `add`, for service processes (absent: a + b). */
  addModule?: string;
}

export interface SetupRow {
  setup: SetupName;
  framework: FrameworkName;
  /** How the call travels, for the row's label. */
  transport: string;
  /** Needs the NATS broker. */
  nats: boolean;
  start(context: SetupContext): Promise<MathAddClient>;
}

export const SETUP_TITLES: Record<SetupName, string> = {
  local: 'local calls (in-process, no transport)',
  reference:
    'reference setup (as the original benchmark: Moleculer over TCP, Seneca and Hemera over NATS, one process)',
  fair: 'fair (every framework over the same NATS broker, one process)',
  separate: 'separate processes (caller and service in two processes, over NATS)',
  brokerless: 'brokerless (cote over its own TCP sockets, loopback discovery)',
};

const brokerOf = (context: SetupContext) => context.ServiceBroker;
const natsOf = (context: SetupContext) => {
  if (!context.natsUrl) throw new Error('this setup needs the NATS broker');
  return context.natsUrl;
};

async function answering(client: Promise<MathAddClient>): Promise<MathAddClient> {
  const ready = await client;
  try {
    await untilAnswering(ready);
  } catch (error) {
    await ready.close();
    throw error;
  }
  return ready;
}

async function separate(
  framework: FrameworkName,
  context: SetupContext,
  caller: () => Promise<MathAddClient>,
): Promise<MathAddClient> {
  const proc = await startServiceProcess(framework, {
    natsUrl: context.natsUrl,
    moleculerMain: context.moleculerMain,
    addModule: context.addModule,
  });
  try {
    return withServiceProcess(await answering(caller()), proc);
  } catch (error) {
    await proc.stop(500);
    throw error;
  }
}

export const SETUP_ROWS: SetupRow[] = [
  {
    setup: 'local',
    framework: 'moleculer',
    transport: 'in-process',
    nats: false,
    start: (c) => startMoleculer(brokerOf(c), { kind: 'local' }, c.add),
  },
  { setup: 'local', framework: 'seneca', transport: 'in-process', nats: false, start: (c) => startSeneca(c.add) },
  {
    setup: 'local',
    framework: 'nanoservices',
    transport: 'in-process',
    nats: false,
    start: (c) => startNanoservices(c.add),
  },
  {
    setup: 'reference',
    framework: 'moleculer',
    transport: 'TCP transporter',
    nats: false,
    start: (c) => answering(startMoleculer(brokerOf(c), { kind: 'tcp' }, c.add)),
  },
  {
    setup: 'reference',
    framework: 'seneca',
    transport: 'NATS via seneca-nats-transport',
    nats: true,
    start: (c) => answering(startSeneca(c.add, natsOf(c))),
  },
  {
    setup: 'reference',
    framework: 'hemera',
    transport: 'NATS',
    nats: true,
    start: (c) => answering(startHemera(c.add, natsOf(c))),
  },
  {
    setup: 'fair',
    framework: 'moleculer',
    transport: 'NATS',
    nats: true,
    start: (c) => answering(startMoleculer(brokerOf(c), { kind: 'nats', url: natsOf(c) }, c.add)),
  },
  {
    setup: 'fair',
    framework: 'seneca',
    transport: 'NATS via seneca-nats-transport',
    nats: true,
    start: (c) => answering(startSeneca(c.add, natsOf(c))),
  },
  {
    setup: 'fair',
    framework: 'hemera',
    transport: 'NATS',
    nats: true,
    start: (c) => answering(startHemera(c.add, natsOf(c))),
  },
  {
    setup: 'separate',
    framework: 'moleculer',
    transport: 'NATS, two processes',
    nats: true,
    start: (c) =>
      separate('moleculer', c, () => startMoleculer(brokerOf(c), { kind: 'caller', url: natsOf(c) }, c.add)),
  },
  {
    setup: 'separate',
    framework: 'seneca',
    transport: 'NATS via seneca-nats-transport, two processes',
    nats: true,
    start: (c) => separate('seneca', c, () => startSenecaCaller(natsOf(c))),
  },
  {
    setup: 'separate',
    framework: 'hemera',
    transport: 'NATS, two processes',
    nats: true,
    start: (c) => separate('hemera', c, () => startHemeraCaller(natsOf(c))),
  },
  {
    setup: 'brokerless',
    framework: 'cote',
    transport: 'own TCP, one process',
    nats: false,
    start: (c) => answering(startCote(c.add)),
  },
  {
    setup: 'brokerless',
    framework: 'cote',
    transport: 'own TCP, two processes',
    nats: false,
    start: async (c) => {
      const network = await coteNetwork();
      const proc = await startServiceProcess('cote', { cote: network, addModule: c.addModule });
      try {
        return withServiceProcess(await answering(Promise.resolve(startCoteCaller(network))), proc);
      } catch (error) {
        await proc.stop(500);
        throw error;
      }
    },
  },
];
