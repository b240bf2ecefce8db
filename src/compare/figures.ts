/** The figures a comparison can judge, which way is better, and the words for each verdict. */
import type { Measurement } from '../model/schema.js';
import type { Direction } from '../stats/compare.js';

export interface Figure {
  key: string;
  label: string;
  direction: Direction;
  /** undefined: the trial has no such figure (HPACK savings outside HTTP/2 through h2load); the figure is then not compared. */
  of(measurement: Measurement): number | undefined;
  format(value: number): string;
  words: { better: string; worse: string };
}

export const FIGURES: Figure[] = [
  {
    key: 'rps',
    label: 'req/s',
    direction: 'higher-is-better',
    of: (m) => m.requestsPerSec,
    format: (v) => Math.round(v).toLocaleString('en-US'),
    words: { better: 'faster', worse: 'slower' },
  },
  {
    key: 'cpu',
    label: 'CPU µs/req',
    direction: 'lower-is-better',
    of: (m) => m.server.cpuUsPerRequest,
    format: (v) => v.toFixed(1),
    words: { better: 'cheaper', worse: 'costlier' },
  },
  {
    key: 'p99',
    label: 'p99 latency (ms)',
    direction: 'lower-is-better',
    of: (m) => m.latencyMs.p99,
    format: (v) => v.toFixed(1),
    words: { better: 'lower latency', worse: 'higher latency' },
  },
  {
    key: 'rss',
    label: 'peak RSS (MB)',
    direction: 'lower-is-better',
    of: (m) => m.server.peakRssBytes,
    format: (v) => (v / 1024 / 1024).toFixed(0),
    words: { better: 'smaller', worse: 'larger' },
  },
  {
    key: 'hpack',
    label: 'HPACK header savings (%)',
    direction: 'higher-is-better',
    of: (m) => (m.headerCompression === undefined ? undefined : m.headerCompression * 100),
    format: (v) => v.toFixed(1),
    words: { better: 'smaller headers', worse: 'larger headers' },
  },
];

export const DEFAULT_GATE_FIGURES = ['rps', 'cpu'];
