/** Warnings and problems in plain words: failed verifications, failed trials, cells without figures. */
import type { Result, Summary } from '../../model/schema.js';
import { esc } from './escape.js';
import { FLAG_WORDS } from './data.js';

const WARNING_TITLES: Record<string, string> = {
  unavailable: 'Targets not run',
  'generator-bound': 'Load generator at its limit',
  'high-spread': 'Repeats far apart',
  'noisy-machine': 'Noisy machine',
  'noisy-ratios': 'Ratios too noisy to repeat',
  'round-drift': 'Rounds apart',
  'few-requests': 'Too few responses',
  'short-window': 'Short measured windows',
  'busy-machine': 'Busy machine',
  'not-pinned': 'Processes not pinned to cores',
  'turns-overlap': 'Turns that overlapped',
  incomplete: 'Run incomplete',
};

/** Kinds that problemsHtml states from the raw data already; listing them twice would only add noise. */
const SHOWN_AS_PROBLEMS = new Set(['unavailable', 'verification', 'failed-trial']);

/** Longer lists of one kind of warning show their first few and fold the rest away. */
const LONG_LIST = 8;

function list(items: string[]): string {
  return `<ul class="notes">${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

/**
 * The warnings, folded into one <details> whose summary line gives their count and kinds, so
 * that they follow the answer without pushing the rest of the page down.
 */
export function warningsHtml(result: Result): string {
  const warnings = result.warnings.filter((w) => !SHOWN_AS_PROBLEMS.has(w.kind));
  if (warnings.length === 0)
    return '<p>No warnings: the figures below can be taken at face value, within the spread of their repeats.</p>';
  const kinds = [...new Set(warnings.map((w) => w.kind))];
  const counted = kinds.map((kind) => {
    const n = warnings.filter((w) => w.kind === kind).length;
    return `<code>${esc(kind)}</code>${n > 1 ? ` ×${n}` : ''}`;
  });
  const blocks = kinds.map((kind) => {
    const messages = warnings.filter((w) => w.kind === kind).map((w) => esc(w.message));
    const title = WARNING_TITLES[kind] ?? kind.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
    const shown = messages.length > LONG_LIST ? messages.slice(0, LONG_LIST - 2) : messages;
    const rest = messages.slice(shown.length);
    const more = rest.length ? `<details><summary>${rest.length} more like these</summary>${list(rest)}</details>` : '';
    return `<h3>${esc(title)} <span class="muted">(<code>${esc(kind)}</code>, ${messages.length})</span></h3>${list(shown)}${more}`;
  });
  return (
    `<details class="warnings" data-warnings="${warnings.length}"><summary>${warnings.length} warning${warnings.length === 1 ? '' : 's'}: ${counted.join(', ')}</summary>\n` +
    `${blocks.join('\n')}\n</details>`
  );
}

function statusWords(summary: Summary): string {
  if (summary.status === 'not-run') return 'not run';
  if (summary.status === 'failed') return 'failed';
  return 'every trial was invalid';
}

/** Cells without trustworthy figures, one line per target when every scenario of it fared the same. */
function cellProblems(result: Result): string[] {
  const unavailable = new Map(result.unavailable.map((u) => [u.target, u.reason]));
  const lines = [...unavailable].map(
    ([target, reason]) => `<strong>${esc(target)}</strong> was not run, because it is unavailable here: ${esc(reason)}`,
  );
  const bad = result.summaries.filter((s) => s.status !== 'measured' && !unavailable.has(s.target));
  for (const target of [...new Set(bad.map((s) => s.target))]) {
    const cells = bad.filter((s) => s.target === target);
    const same = cells.every((s) => s.status === cells[0].status && s.reason === cells[0].reason);
    if (same && cells.length === result.plan.scenarios.length) {
      lines.push(
        `<strong>${esc(target)}</strong>: ${statusWords(cells[0])} in any scenario${cells[0].reason ? `: ${esc(cells[0].reason)}` : ''}`,
      );
      continue;
    }
    for (const s of cells) {
      if (s.status === 'invalid') {
        const flags = s.flags.length ? `: ${esc(s.flags.map((f) => FLAG_WORDS[f] ?? f).join('; '))}` : '';
        lines.push(
          `<strong>${esc(target)}</strong> / ${esc(s.scenario)}: every trial was invalid${flags}, so it is neither ranked nor charted.`,
        );
      } else
        lines.push(
          `<strong>${esc(target)}</strong> / ${esc(s.scenario)}: ${statusWords(s)}${s.reason ? `: ${esc(s.reason)}` : ''}`,
        );
    }
  }
  return lines;
}

export function problemsHtml(result: Result): string {
  // The same wrong answer in every round is one problem, not one per round.
  const wrongAnswers = new Map<
    string,
    { target: string; scenario: string; request: string; reason: string; rounds: number[] }
  >();
  for (const v of result.verification.filter((v) => !v.ok)) {
    for (const f of v.failures.length ? v.failures : [{ scenario: '*', request: '?', reason: 'failed' }]) {
      const key = JSON.stringify([v.target, f.scenario, f.request, f.reason]);
      const entry = wrongAnswers.get(key) ?? { target: v.target, ...f, rounds: [] };
      entry.rounds.push(v.round);
      wrongAnswers.set(key, entry);
    }
  }
  const verification = [...wrongAnswers.values()].map(
    (w) =>
      `<strong>${esc(w.target)}</strong> gave a wrong answer to <code>${esc(w.request)}</code>${w.scenario !== '*' ? ` (scenario ${esc(w.scenario)})` : ''} in round${w.rounds.length > 1 ? 's' : ''} ${w.rounds.join(', ')}: ${esc(w.reason)}. Its figures for ${w.scenario !== '*' ? 'that scenario' : 'it'} are left out: a fast wrong answer is not a result.`,
  );
  const failedTrials = result.trials
    .filter((t) => t.status === 'failed')
    .map(
      (t) =>
        `<strong>${esc(t.target)}</strong> / ${esc(t.scenario)}, round ${t.round}: the trial failed${t.reason ? `: ${esc(t.reason)}` : ''}`,
    );
  const sections: string[] = [];
  if (verification.length) sections.push(`<h3>Failed verifications</h3>${list(verification)}`);
  const cells = cellProblems(result);
  if (cells.length) sections.push(`<h3>Targets and scenarios without figures</h3>${list(cells)}`);
  if (failedTrials.length) sections.push(`<h3>Failed trials</h3>${list(failedTrials)}`);
  return sections.length
    ? sections.join('\n')
    : '<p>Every target answered every verification request correctly and every trial produced figures.</p>';
}

/** The flags that appear in a scenario's cells, explained, for under its charts. */
export function flagNotes(summaries: Summary[]): string {
  const flags = [...new Set(summaries.flatMap((s) => s.flags))];
  if (flags.length === 0) return '';
  return list(
    flags.map((flag) => {
      const targets = summaries.filter((s) => s.flags.includes(flag)).map((s) => s.target);
      return `<code>${esc(flag)}</code> (${esc(targets.join(', '))}): ${esc(FLAG_WORDS[flag] ?? flag)}`;
    }),
  );
}
