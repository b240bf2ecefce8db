/**
 * What a target kept outside gauntlet imports, as `gauntlet-bench/target`: where to listen,
 * the line that says it listens, the guard that ends it with gauntlet, HTTP/2's protocol and
 * certificate, the fanout suite's upstream, and defineTarget for its manifest (docs/targets.md).
 */
export {
  announceListening,
  exitWhenOrphaned,
  http2Protocol,
  listenAddress,
  tlsOptions,
  upstreamUrl,
} from './app-env.js';
export { defineTarget, type TargetManifest } from './manifest.js';
