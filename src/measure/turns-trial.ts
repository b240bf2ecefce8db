/**
 * A trial in turns (`run --turns`): a target and a process of the baseline, both on the
 * server core, are loaded at the same time by two loads of the same scenario, while the two
 * servers take 25 ms turns (proc/turns.ts). Each side is a checked trial of its own (answer
 * sizes, checks after the window, a longer window where its load needs one); its req/s and
 * CPU share count only the time it ran. The pair's ratio is then taken within the one window,
 * where a burst of stolen or contended CPU slows both sides alike.
 *
 * Why: one after the other, two identical node-http processes read a ratio with a spread of
 * 13.4-16.6 % per trial in a noisy hour; in 25-50 ms turns, 2.7-6.8 % (measured by hand; docs/method.md, "Turns (experimental)").
 */
import type { TrialEngine } from '../engines/engine-plan.js';
import type { Measurement } from '../model/schema.js';
import { type Side, type StopWaits, Turns } from '../proc/turns.js';
import type { Scenario } from '../suites/types.js';
import { type CheckedTrial, type CheckedTrialContext, checkedTrial } from './checked-trial.js';
import type { Instance } from './instances.js';

export interface TurnsSide {
  instance: Instance;
  engine: TrialEngine;
  /** Which of the target's processes (absent: its only one). */
  process?: number;
}

export interface TurnsTrialContext extends Omit<CheckedTrialContext, 'instance' | 'engine' | 'windowWatch' | 'lane'> {
  scenario: Scenario;
  target: TurnsSide;
  baseline: TurnsSide;
  /** Process groups of every running target (the two sides are taken out). */
  groups: number[];
  turnMs?: number;
}

export interface TurnsTrial {
  target: CheckedTrial;
  baseline: CheckedTrial;
}

type Window = { fromMs?: number; toMs?: number };

export async function turnsTrial(context: TurnsTrialContext): Promise<TurnsTrial> {
  const sides = [context.target, context.baseline] as const;
  const pids = sides.map((side) => side.instance.running.process.pid);
  const neighbours = context.groups.filter((pgid) => !pids.includes(pgid));
  const windows: [Window, Window] = [{}, {}];
  const turns = new Turns([pids[0], pids[1]], context.turnMs);
  let measured: CheckedTrial[];
  try {
    measured = await Promise.all(
      sides.map((side, lane) =>
        checkedTrial({
          ...context,
          instance: side.instance,
          engine: side.engine,
          neighbours,
          lane,
          windowWatch: {
            begin: () => {
              windows[lane] = { fromMs: performance.now() };
            },
            end: () => {
              windows[lane].toMs = performance.now();
            },
          },
        }),
      ),
    );
  } finally {
    turns.stop();
  }
  const rescaled = ([0, 1] as const).map((side: Side) => {
    const { fromMs, toMs } = windows[side];
    if (fromMs === undefined || toMs === undefined) return overServedTime(measured[side], 0);
    return overServedTime(
      measured[side],
      turns.servedMs(side, fromMs, toMs) / 1000,
      turns.stopWaits(side, fromMs, toMs),
    );
  });
  const paired = (own: Served, partner: Served, partnerProcess: number | undefined): CheckedTrial => {
    const other = partner.checked.trial;
    const trial = {
      ...own.checked.trial,
      turns: {
        turnMs: turns.lengthMs,
        servedSec: own.servedSec,
        ...(own.stopMs && { stopMs: own.stopMs }),
        partner: {
          target: other.target,
          ...(partnerProcess !== undefined && { process: partnerProcess }),
          status: other.status,
          ...(other.measurement && {
            requestsPerSec: other.measurement.requestsPerSec,
            cpuUsPerRequest: other.measurement.server.cpuUsPerRequest,
          }),
        },
      },
    };
    return { ...own.checked, trial };
  };
  return {
    target: paired(rescaled[0], rescaled[1], context.baseline.process),
    baseline: paired(rescaled[1], rescaled[0], context.target.process),
  };
}

interface Served {
  checked: CheckedTrial;
  servedSec: number;
  stopMs?: StopWaits;
}

/** A side's trial with req/s, bytes/s and CPU share over the time it ran in its window (unchanged where it measured nothing). */
function overServedTime(checked: CheckedTrial, servedSec: number, stopMs?: StopWaits): Served {
  const m = checked.trial.measurement;
  if (!m || servedSec <= 0) return { checked, servedSec, stopMs };
  const measurement: Measurement = {
    ...m,
    requestsPerSec: m.requests / servedSec,
    bytesPerSec: m.bytes / servedSec,
    server: { ...m.server, cpuCores: m.server.cpuSeconds / servedSec },
  };
  return { checked: { ...checked, trial: { ...checked.trial, measurement } }, servedSec, stopMs };
}
