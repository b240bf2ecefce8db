/**
 * nats-server for the services suite: Moleculer's NATS transporter and the cross-framework
 * calls. The payload limit is raised from NATS' 1 MB default so that a 1 MB payload, with its
 * packet around it, still fits in one message.
 */
import { NATS_SERVER } from './broker-binary.js';
import { type RunningBroker, startBroker } from './broker-process.js';

const MAX_PAYLOAD = '8MB';

export function startNats(): Promise<RunningBroker> {
  return startBroker({
    binary: NATS_SERVER,
    config: (port) => [`listen: 127.0.0.1:${port}`, `max_payload: ${MAX_PAYLOAD}`, ''].join('\n'),
    args: (configPath) => ['-c', configPath],
    url: (port) => `nats://127.0.0.1:${port}`,
    async handshake(url, timeoutMs) {
      // INFO, CONNECT, then PING answered by PONG: the server parsed the protocol.
      // loaded here, not at the CLI's start: most runs start no broker
      const { connect } = await import('nats');
      const nc = await connect({ servers: url, reconnect: false, timeout: timeoutMs });
      try {
        await nc.flush();
      } finally {
        await nc.close();
      }
    },
  });
}
