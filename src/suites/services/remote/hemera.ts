/**
 * math.add in nats-hemera 7, which only speaks NATS and needs the NATS 1.x client: gauntlet
 * installs nats@1.2.6 as `nats-1` (the `nats` package is 2.x, for Moleculer). Hemera reads
 * `nats` for its error codes, so its own `require('nats')` is pointed at the 1.x client too;
 * with the 2.x one those codes are undefined and connection errors go unrecognised.
 */
import Module, { createRequire } from 'node:module';
import { sep } from 'node:path';
import type { AddHandler, MathAddClient } from './contract.js';

const require = createRequire(import.meta.url);

interface NatsConnection {
  close(): void;
}
interface HemeraInstance {
  ready(): Promise<void>;
  add(pattern: Record<string, unknown>, handler: (req: { a: number; b: number }) => Promise<number>): void;
  act(pattern: Record<string, unknown>): Promise<{ data: number }>;
  close(): Promise<void>;
}
type HemeraClass = new (nats: NatsConnection, options: Record<string, unknown>) => HemeraInstance;

interface ResolvingModule {
  _resolveFilename(request: string, parent: { filename?: string } | undefined, ...rest: unknown[]): string;
}

let hooked = false;
/** Points nats-hemera's `require('nats')`, and only its, at the nats 1.x client. */
function hemeraWithNats1(): { Hemera: HemeraClass; nats1: { connect(options: unknown): NatsConnection } } {
  const nats1Path = require.resolve('nats-1');
  if (!hooked) {
    const resolving = Module as unknown as ResolvingModule;
    const original = resolving._resolveFilename;
    const hemeraDir = `${sep}nats-hemera${sep}`;
    resolving._resolveFilename = function (request, parent, ...rest) {
      if (request === 'nats' && parent?.filename?.includes(hemeraDir)) return nats1Path;
      return original.call(this, request, parent, ...rest);
    };
    hooked = true;
  }
  return { Hemera: require('nats-hemera') as HemeraClass, nats1: require('nats-1') };
}

const PATTERN = { topic: 'math', cmd: 'add' };

async function connectHemera(natsUrl: string): Promise<HemeraInstance> {
  const { Hemera, nats1 } = hemeraWithNats1();
  const hemera = new Hemera(nats1.connect({ url: natsUrl }), { logLevel: 'silent' });
  await hemera.ready();
  return hemera;
}

export async function startHemeraService(add: AddHandler, natsUrl: string): Promise<HemeraInstance> {
  const hemera = await connectHemera(natsUrl);
  hemera.add(PATTERN, async (req) => add(req.a, req.b));
  return hemera;
}

export async function startHemeraCaller(natsUrl: string): Promise<MathAddClient> {
  const hemera = await connectHemera(natsUrl);
  return { add: async (a, b) => (await hemera.act({ ...PATTERN, a, b })).data, close: () => hemera.close() };
}

/** Service and caller on one Hemera instance: every act still goes through NATS (Hemera has no local path). */
export async function startHemera(add: AddHandler, natsUrl: string): Promise<MathAddClient> {
  const hemera = await startHemeraService(add, natsUrl);
  return { add: async (a, b) => (await hemera.act({ ...PATTERN, a, b })).data, close: () => hemera.close() };
}
