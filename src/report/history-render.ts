/** `gauntlet history` as terminal lines: one row per run, target and scenario, then each series' last run judged. */
import type { History, HistoryPoint } from '../history/collect.js';
import type { HistoryVerdict } from '../history/judge.js';
import { formatCount } from './instructions-render.js';
import { fittedTable } from './terminal-fit.js';

const HEAD = ['run', 'gauntlet', 'target', 'scenario', 'vs baseline', 'CPU µs/req', 'instructions/req'];

/** A run's row; the machine is a column only where the runs came from more than one. */
function row(p: HistoryPoint, withMachine: boolean): string[] {
  return [
    p.run,
    ...(withMachine ? [p.machine] : []),
    p.gauntletVersion,
    p.target,
    p.scenario,
    p.ratio ? `${p.ratio.estimate.toFixed(2)} [${p.ratio.low.toFixed(2)}–${p.ratio.high.toFixed(2)}]` : '',
    p.cpuUsPerRequest !== undefined ? p.cpuUsPerRequest.toFixed(1) : '',
    p.instructions ? formatCount(p.instructions.value) : '',
  ];
}

function verdictLine(v: HistoryVerdict): string {
  const what = v.kind === 'instructions' ? ', instructions' : '';
  const others = v.otherMachines > 0 ? ` (${v.otherMachines} run(s) on other machines left out)` : '';
  return `  ${v.target}/${v.scenario}${what}: ${v.verdict === 'worse' ? 'WORSE' : v.verdict}: ${v.why}${others}`;
}

export function historyTerminal(history: History, verdicts: HistoryVerdict[]): string[] {
  if (history.points.length === 0) return ['No saved run in this folder matches.'];
  const machines = new Set(history.points.map((p) => p.machine));
  const several = machines.size > 1;
  const head = several ? [HEAD[0], 'machine', ...HEAD.slice(1)] : HEAD;
  const judged = verdicts.filter((v) => v.verdict !== 'unknown');
  const unjudged = verdicts.length - judged.length;
  return [
    ...(several ? [] : [`machine: ${[...machines][0]}`, '']),
    ...fittedTable(
      head,
      history.points.map((p) => row(p, several)),
    ),
    '',
    'Each last run against the earlier runs on its machine (the median of up to --last of them):',
    ...judged.map(verdictLine),
    ...(unjudged > 0
      ? [`  ${unjudged} target/scenario pair(s) have fewer than 2 earlier runs on their machine: no verdict`]
      : []),
    ...(several ? [`Runs from ${machines.size} machines: each is judged only against runs of its own machine.`] : []),
    ...history.skipped.map((s) => `skipped ${s.run}: ${s.reason}`),
  ];
}
