/**
 * The link between the load host and a server host, measured once when a run starts: the round
 * trip of a one-byte message and what one TCP connection carries in a second. Each side reads
 * only its own clock. The server side listens on the address the targets will (agent.ts).
 */
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { LinkFigures } from './host.js';

const PINGS = 50;
const BULK_MS = 1000;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/**
 * The server side: a connection whose first byte is `p` has every byte echoed; one whose first
 * byte is `b` is counted until the load host ends it, and answered with the count.
 */
export async function serveLinkProbe(address: string): Promise<{ port: number; close(): void }> {
  const server: Server = createServer((socket) => {
    let mode: 'p' | 'b' | undefined;
    let received = 0;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      mode ??= chunk[0] === 0x70 ? 'p' : 'b';
      if (mode === 'p') socket.write(chunk);
      else received += chunk.length;
    });
    socket.on('end', () => socket.end(mode === 'b' ? String(received - 1) : ''));
    socket.on('error', () => socket.destroy());
  });
  server.listen(0, address);
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  // one probe per run: the server closes itself after a minute whatever happens
  const timer = setTimeout(() => server.close(), 60_000);
  timer.unref();
  return {
    port,
    close: () => {
      clearTimeout(timer);
      server.close();
    },
  };
}

async function connect(address: string, port: number): Promise<Socket> {
  const socket = createConnection({ host: address, port });
  socket.setNoDelay(true);
  await once(socket, 'connect');
  return socket;
}

async function roundTripMs(address: string, port: number): Promise<number> {
  const socket = await connect(address, port);
  const times: number[] = [];
  try {
    for (let i = 0; i < PINGS; i++) {
      const sent = performance.now();
      socket.write('p');
      await once(socket, 'data');
      times.push(performance.now() - sent);
    }
  } finally {
    socket.destroy();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function bytesPerSec(address: string, port: number): Promise<number> {
  const socket = await connect(address, port);
  const started = performance.now();
  socket.write('b');
  while (performance.now() - started < BULK_MS) {
    if (!socket.write(CHUNK)) await once(socket, 'drain');
  }
  socket.end();
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  await once(socket, 'end');
  const seconds = (performance.now() - started) / 1000;
  socket.destroy();
  return Number(answer) / seconds;
}

/** The load host's side: round trip, then throughput. */
export async function measureLink(address: string, port: number): Promise<LinkFigures> {
  const rttMs = await roundTripMs(address, port);
  return { rttMs: Math.round(rttMs * 1000) / 1000, bytesPerSec: Math.round(await bytesPerSec(address, port)) };
}
