/** The run summary and the environment manifest: what was run, how, and on what. */
import type { Result } from '../../model/schema.js';
import { formatFixed } from '../format.js';
import { engineGroups } from '../engines.js';
import { countMeasured, machineLine, methodLine } from '../rows.js';
import { esc } from './escape.js';
import { roundsLine } from '../../model/rounds-run.js';
import { timeLine } from '../time-line.js';

function facts(entries: Array<[string, string | undefined]>): string {
  const items = entries.filter(([, value]) => value !== undefined && value !== '');
  return `<dl class="facts">${items.map(([name, value]) => `<dt>${esc(name)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function duration(result: Result): string | undefined {
  if (!result.finishedAt) return undefined;
  const seconds = (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return seconds < 120 ? `${Math.round(seconds)} s` : `${formatFixed(seconds / 60)} min`;
}

export function runSummary(result: Result): string {
  const { plan } = result;
  const measuredTargets = new Set(result.summaries.filter((s) => s.requestsPerSec).map((s) => s.target));
  const s = (n: number) => (n === 1 ? '' : 's');
  const time = timeLine(result);
  return facts([
    ['Suite', esc(plan.suite)],
    ['Run', `<code>${esc(result.id)}</code>`],
    ['Started', esc(result.startedAt)],
    [
      'Finished',
      result.finishedAt
        ? `${esc(result.finishedAt)}${duration(result) ? ` (${duration(result)})` : ''}`
        : 'not finished',
    ],
    [
      'Status',
      result.complete ? 'complete' : `<strong>incomplete</strong>: ${esc(result.interruption ?? 'stopped early')}`,
    ],
    [
      'Targets',
      `${plan.targets.length} planned, ${measuredTargets.size} with figures${result.unavailable.length ? `, ${result.unavailable.length} unavailable` : ''}; baseline <strong>${esc(plan.baseline)}</strong>`,
    ],
    ['Scenarios', esc(plan.scenarios.join(', '))],
    [
      'Each trial',
      esc(
        `${plan.durationSec} s measured after ${plan.warmupSec} s warm-up, ${plan.connections} connection${s(plan.connections)}, pipelining ${plan.pipelining}, ${plan.engine}`,
      ),
    ],
    ['Repeats', esc(`${roundsLine(result)}, the order shuffled with seed ${plan.seed}`)],
    ['Trials', esc(countMeasured(result))],
    ['Time', time && esc(time)],
    ['Method', esc(methodLine(result))],
  ]);
}

export function environmentManifest(result: Result): string {
  const e = result.environment;
  const pinning = e.pinning.pinned
    ? `pinned: server on CPU ${esc(e.pinning.server ?? '?')}, load generator on CPU ${esc(e.pinning.engine ?? '?')} (${esc(e.pinning.note)})`
    : `not pinned (${esc(e.pinning.note)})`;
  const load =
    e.loadAverageBefore !== undefined || e.loadAverageAfter !== undefined
      ? `${formatFixed(e.loadAverageBefore, 2)} before, ${formatFixed(e.loadAverageAfter, 2)} after (1-minute load average)` +
        (e.cpuBusyBefore !== undefined
          ? `; other processes used ${formatFixed(e.cpuBusyBefore * 100, 1)} % of the CPU in the half second before`
          : '')
      : undefined;
  const commit = e.gitCommit
    ? `<code>${esc(e.gitCommit)}</code>${e.gitDirty ? ' (with uncommitted changes)' : ''}`
    : 'unknown';
  const packages = Object.entries(e.packages)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, version]) => `<code>${esc(name)}@${esc(version)}</code>`)
    .join(', ');
  return facts([
    ['Machine', esc(machineLine(result))],
    ['Allowed cores', esc(e.allowedCores.join(', '))],
    ['Host', esc(e.hostname)],
    [
      'Runtimes',
      e.runtimes
        ? e.runtimes
            .map((r) => `${esc(r.name)} ${esc(r.version)} (<code>${esc(r.id)}</code>, ${esc(r.source)})`)
            .join('<br>')
        : esc(result.plan.runtime),
    ],
    ["gauntlet's node", `<code>${esc(e.node)}</code>`],
    [
      'Load generator',
      engineGroups(result)
        .map(
          (g) =>
            `${esc(g.engine.name)} ${esc(g.engine.version)}: <code>${esc(g.engine.flags)}</code> (${esc(g.scenarios.join(', '))}; each scenario's flags are in result.json)`,
        )
        .join('<br>'),
    ],
    ['Pinning', pinning],
    ['Idle cores', e.idlePolling ? esc(e.idlePolling.note) : undefined],
    ['Load', load ? esc(load) : undefined],
    ['gauntlet', `${esc(e.gauntletVersion)}, commit ${commit}`],
    ['Packages', packages || 'none recorded'],
  ]);
}
