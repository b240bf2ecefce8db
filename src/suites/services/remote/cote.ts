/**
 * math.add in cote 1.2, which has no broker: a requester finds responders by UDP discovery and
 * calls them over its own TCP sockets. Discovery is kept on loopback by broadcasting to
 * 127.255.255.255 on a free port (the default, 255.255.255.255, leaves the machine); the
 * broadcast reaches only sockets bound to every address, so discovery binds 0.0.0.0, and the
 * responder's socket, which cote always binds to every address, gets a free port. Calls go to
 * the 127.0.0.1 the discovery packet came from. A random key keeps runs apart.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createSocket } from 'node:dgram';
import { freePort } from '../../../proc/free-port.js';
import type { AddHandler, MathAddClient } from './contract.js';

const require = createRequire(import.meta.url);

interface Component {
  close(): void;
}
interface Responder extends Component {
  on(type: string, handler: (req: { a: number; b: number }) => Promise<number>): void;
}
interface Requester extends Component {
  send(request: Record<string, unknown>): Promise<number>;
}
interface Cote {
  Responder: new (advertisement: Record<string, unknown>, discovery: Record<string, unknown>) => Responder;
  Requester: new (advertisement: Record<string, unknown>, discovery: Record<string, unknown>) => Requester;
}

/** A UDP port nobody holds now (the OS picks it). */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

export interface CoteNetwork {
  key: string;
  discoveryPort: number;
}

export async function coteNetwork(): Promise<CoteNetwork> {
  return { key: `gauntlet-${randomUUID()}`, discoveryPort: await freeUdpPort() };
}

function discovery(network: CoteNetwork) {
  return {
    address: '0.0.0.0',
    broadcast: '127.255.255.255',
    port: network.discoveryPort,
    log: false,
    helloLogsEnabled: false,
    statusLogsEnabled: false,
    helloInterval: 200,
  };
}

export async function startCoteService(add: AddHandler, network: CoteNetwork): Promise<Component> {
  const cote = require('cote') as Cote;
  const responder = new cote.Responder({ name: 'math', key: network.key, port: await freePort() }, discovery(network));
  responder.on('add', async (req) => add(req.a, req.b));
  return responder;
}

export function startCoteCaller(network: CoteNetwork): MathAddClient {
  const cote = require('cote') as Cote;
  const requester = new cote.Requester({ name: 'caller', key: network.key }, discovery(network));
  return {
    add: (a, b) => requester.send({ type: 'add', a, b }),
    close: async () => requester.close(),
  };
}

export async function startCote(add: AddHandler): Promise<MathAddClient> {
  const network = await coteNetwork();
  const responder = await startCoteService(add, network);
  const caller = startCoteCaller(network);
  return {
    add: caller.add,
    close: async () => {
      await caller.close();
      responder.close();
    },
  };
}
