/**
 * mosquitto for Moleculer's MQTT transporter. Started without a configuration file, mosquitto 2
 * listens on 1883 only; a free port, the loopback bind and anonymous clients are set in a
 * configuration file written for each start, with nothing persisted.
 */
import { MOSQUITTO } from './broker-binary.js';
import { type RunningBroker, startBroker } from './broker-process.js';

export function startMosquitto(): Promise<RunningBroker> {
  return startBroker({
    binary: MOSQUITTO,
    config: (port) =>
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        'persistence false',
        'log_dest stderr',
        'log_type error',
        'log_type warning',
        '',
      ].join('\n'),
    args: (configPath) => ['-c', configPath],
    url: (port) => `mqtt://127.0.0.1:${port}`,
    async handshake(url, timeoutMs) {
      // CONNECT answered by CONNACK.
      // loaded here, not at the CLI's start: most runs start no broker
      const { default: mqtt } = await import('mqtt');
      const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: timeoutMs }, false);
      await client.endAsync();
    },
  });
}
