/**
 * The Moleculer lines the services suite runs: 0.15 (the newest, Node 22 or newer) and 0.14
 * (the last line on Node 20, and the last with the Avro, ProtoBuf and Thrift serializers).
 * Each is installed with its peers in a folder of its own (deps/moleculer-0.15, -0.14).
 */
import type { BenchTarget } from '../inproc-types.js';

const PEERS = ['ioredis', 'msgpack5', 'notepack.io', 'cbor-x'];

export const MOLECULER_015: BenchTarget = {
  name: 'moleculer-0.15',
  title: 'Moleculer 0.15',
  packageRoot: 'deps/moleculer-0.15',
  packages: ['moleculer', ...PEERS],
  minNodeMajor: 22,
  defaultRuntime: 'node@24',
  homepage: 'https://moleculer.services',
  description: 'Moleculer 0.15 in one process, no transporter: broker.call and broker.emit through its local registry',
};

export const MOLECULER_014: BenchTarget = {
  name: 'moleculer-0.14',
  title: 'Moleculer 0.14',
  packageRoot: 'deps/moleculer-0.14',
  packages: ['moleculer', ...PEERS, 'avsc', 'protobufjs', 'thrift'],
  minNodeMajor: 20,
  defaultRuntime: 'node@20',
  homepage: 'https://moleculer.services',
  description:
    'Moleculer 0.14 in one process, no transporter; the line the reference report measured, with all seven serializers',
};
