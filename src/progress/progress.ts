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

function trialLine(trial: Trial): string {
  const m = trial.measurement;
  const figures = m
    ? `${Math.round(m.requestsPerSec).toLocaleString('en-US')} req/s, ${m.server.cpuUsPerRequest.toFixed(1)} µs CPU/req`
    : '';
  const state =
    trial.status === 'ok' ? '' : ` [${trial.status}${trial.reason ? `: ${trial.reason.split('\n')[0]}` : ''}]`;
  return `${figures}${state}`;
}

class BarProgress implements Progress {
  private bar: cliProgress.SingleBar;

  constructor(total: number) {
    this.bar = new cliProgress.SingleBar(
      {
        format: ' {bar} {value}/{total} trials | ETA {eta_formatted} | {task}',
        etaBuffer: 20,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total, 0, { task: 'starting' });
  }
  trialStarted(round: number, target: string, scenario: string): void {
    this.bar.update({ task: `round ${round}: ${target} / ${scenario}` });
  }
  task(text: string): void {
    this.bar.update({ task: text });
  }
  trialFinished(trial: Trial): void {
    this.bar.increment(1, { task: `${trial.target} / ${trial.scenario}: ${trialLine(trial)}` });
  }
  extend(trials: number): void {
    this.bar.setTotal(this.bar.getTotal() + trials);
  }
  note(message: string): void {
    this.bar.stop();
    process.stderr.write(`${message}\n`);
    this.bar.start(this.bar.getTotal(), this.bar.getProgress() * this.bar.getTotal(), { task: '' });
  }
  stop(): void {
    this.bar.stop();
  }
}

class LineProgress implements Progress {
  private done = 0;
  private readonly started = Date.now();

  constructor(private total: number) {}
  extend(trials: number): void {
    this.total += trials;
  }
  trialStarted(round: number, target: string, scenario: string): void {
    process.stderr.write(`[${this.done + 1}/${this.total}] round ${round}: ${target} / ${scenario}${this.eta()}\n`);
  }
  task(text: string): void {
    process.stderr.write(`${text}\n`);
  }
  trialFinished(trial: Trial): void {
    this.done++;
    process.stderr.write(`    ${trialLine(trial) || trial.status}\n`);
  }
  note(message: string): void {
    process.stderr.write(`${message}\n`);
  }
  stop(): void {}
  private eta(): string {
    if (this.done === 0) return '';
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
      note: (m) => process.stderr.write(`${m}\n`),
      stop() {},
    };
  return process.stderr.isTTY ? new BarProgress(total) : new LineProgress(total);
}
