import type { Suite } from '../types.js';
import { BROKER_PARTS } from './broker-parts.js';
import { SERVICES_PARTS } from './parts.js';
import { MOLECULER_014, MOLECULER_015 } from './targets.js';

export const servicesSuite: Suite = {
  name: 'services',
  kind: 'bench',
  description:
    "Moleculer's own benchmark suites: local calls, middlewares, metrics, cachers, validators, events, serializers; transporters through real brokers; math.add across frameworks",
  reproduces:
    'the Moleculer benchmark (https://moleculer.services/docs/0.14/benchmark): its in-process tables, its transporters and its request times',
  scenarios: [],
  bench: {
    parts: [...SERVICES_PARTS, ...BROKER_PARTS],
    targets: [MOLECULER_015, MOLECULER_014],
    // Sized so every part on both lines takes about 7 minutes on 2 cores (bench/services/report.md).
    defaults: { repeats: 3, durationSec: 0.3, warmupSec: 0.2 },
  },
  services: () => [],
};
