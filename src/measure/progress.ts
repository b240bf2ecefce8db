/**
 * Shows which target, scenario and round is under way, with an ETA: a bar on a terminal,
 * one plain line per event elsewhere (CI logs).
 */
import cliProgress from 'cli-progress';
import type { Trial } from '../model/schema.js';

export interface Progress {
  trialStarted(round: number, target: string, scenario: string): void;
  /** Work outside a trial (a target starting and warming up). */
  task(text: string): void;
  trialFinished(trial: Trial): void;
  /** More trials were planned (adaptive rounds). */
  extend(trials: number): void;
  note(message: string): void;
  stop(): void;
}

/** Progress lines keep to the width of the terminal report (report/terminal-wrap.ts, a layer above this one). */
const WIDTH = 120;

/** `text` as lines of at most WIDTH characters, broken at spaces, each continuation indented under its line. */
export function fitLines(text: string): string {
  return text
    .split('\n')
    .flatMap((line) => {
      const indent = ' '.repeat((/^ */.exec(line)?.[0].length ?? 0) + 2);
      const out: string[] = [];
      let rest = line;
      while ([...rest].length > WIDTH) {
        const cut = rest.lastIndexOf(' ', WIDTH);
        if (cut <= indent.length) break;
        out.push(rest.slice(0, cut));
        rest = indent + rest.slice(cut + 1);
      }
      return [...out, rest];
    })
    .join('\n');
}

function trialLine(trial: Trial): string {
  const m = trial.measurement;
  const figures = m
    ? `${Math.round(m.requestsPerSec).toLocaleString('en-US')} req/s, ${m.server.cpuUsPerRequest.toFixed(1)} µs CPU/req`
    : '';
  const state =
    trial.status === 'ok' ? '' : ` [${trial.status}${trial.reason ? `: ${trial.reason.split('\n')[0]}` : ''}]`;
  return `${figures}${state}`;
}

/**
 * The bar starts with the first trial: every target starts and warms up before it, and that
 * minute or two would otherwise enter the bar's rate and put the ETA ten times too far.
 * Until then, what happens is written as lines.
 */
class BarProgress implements Progress {
  private bar: cliProgress.SingleBar;
  private started = false;

  constructor(private total: number) {
    this.bar = new cliProgress.SingleBar(
      {
        format: ' {bar} {value}/{total} trials | ETA {eta_formatted} | {task}',
        etaBuffer: 20,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
  }
  trialStarted(round: number, target: string, scenario: string): void {
    const task = `round ${round}: ${target} / ${scenario}`;
    if (this.started) this.bar.update({ task });
    else {
      this.bar.start(this.total, 0, { task });
      this.started = true;
    }
  }
  task(text: string): void {
    if (this.started) this.bar.update({ task: text });
    else process.stderr.write(`${fitLines(text)}\n`);
  }
  trialFinished(trial: Trial): void {
    this.bar.increment(1, { task: `${trial.target} / ${trial.scenario}: ${trialLine(trial)}` });
  }
  extend(trials: number): void {
    this.total += trials;
    if (this.started) this.bar.setTotal(this.total);
  }
  note(message: string): void {
    if (!this.started) {
      process.stderr.write(`${fitLines(message)}\n`);
      return;
    }
    this.bar.stop();
    process.stderr.write(`${fitLines(message)}\n`);
    this.bar.start(this.total, this.bar.getProgress() * this.total, { task: '' });
  }
  stop(): void {
    if (this.started) this.bar.stop();
  }
}

export class LineProgress implements Progress {
  private done = 0;
  /** From the first trial: the targets' starts and warm-ups before it are behind by then (see BarProgress). */
  private started: number | undefined;

  constructor(private total: number) {}
  extend(trials: number): void {
    this.total += trials;
  }
  trialStarted(round: number, target: string, scenario: string): void {
    this.started ??= Date.now();
    process.stderr.write(`[${this.done + 1}/${this.total}] round ${round}: ${target} / ${scenario}${this.eta()}\n`);
  }
  task(text: string): void {
    process.stderr.write(`${fitLines(text)}\n`);
  }
  trialFinished(trial: Trial): void {
    this.done++;
    process.stderr.write(`${fitLines(`    ${trialLine(trial) || trial.status}`)}\n`);
  }
  note(message: string): void {
    process.stderr.write(`${fitLines(message)}\n`);
  }
  stop(): void {}
  private eta(): string {
    if (this.done === 0 || this.started === undefined) return '';
    const left = ((Date.now() - this.started) / this.done) * (this.total - this.done);
    return ` (ETA ${Math.ceil(left / 1000)} s)`;
  }
}

export function createProgress(total: number, quiet = false): Progress {
  if (quiet)
    return {
      trialStarted() {},
      task() {},
      trialFinished() {},
      extend() {},
      note: (m) => process.stderr.write(`${fitLines(m)}\n`),
      stop() {},
    };
  return process.stderr.isTTY ? new BarProgress(total) : new LineProgress(total);
}
