/**
 * The checker: while an engine's load runs, gauntlet sends the scenario's checks on
 * connections of its own and judges every answer as verification does (status, headers,
 * body). A target whose answers go wrong only while many requests are in flight (another
 * request's id, a buffer reused too early, `w0rld` for `world` at the same length) passes
 * verification, the bytes per response and the checks sent after a window; here it is caught
 * while it is wrong.
 *
 * Its cost is a share of the load (CHECK_SHARE): the checks go out on a schedule, at that
 * share of the rate the cell's previous window measured (the load's own rate, for a rate
 * profile), with at most MAX_IN_FLIGHT waiting at once. A cell's first window has no such
 * rate: its checks go out at FIRST_WINDOW_RATE at most, and slower as the checks' own latency
 * says the load is slow (a closed load of N requests in flight, answered in L, serves about
 * N / L a second). The connections are opened before the load (a connection opened under a
 * load of 100 others waited 1 s here for a SYN sent again).
 *
 * The unmeasured load right before the window (--trial-warmup) is the same load, and checks
 * there cost the figures nothing: there the checker keeps MAX_IN_FLIGHT checks going, one
 * after the other, so a target wrong in 1 of 100 answers meets dozens to hundreds of them
 * before the window opens even where the engine reads no bodies.
 *
 * A check with no answer, or a 429 or 503 (a server shedding load), is not a wrong answer: the
 * engine's own counts judge those. bench/checker-cost.md says what the checker costs and how
 * likely it is to miss a target wrong in 1 of 100 answers.
 */
import type { LoadProtocol } from '../engines/engine.js';
import type { Trial } from '../model/schema.js';
import type { Check } from '../suites/types.js';
import { type CheckAnswer, type CheckClient, checkClient } from './check-client.js';
import type { WindowWatch } from './trial.js';
import { judgeAnswer } from './verify.js';
import type { WrongAnswer } from './wrong-answers.js';

/**
 * The checker's requests in a window as a share of the load's. A check, one request at a time
 * on its socket, cost the server 2 to 3.5 times a request of a pipelined load here
 * (bench/checker-cost.md), so this keeps the checker's part of the server's CPU under 1 %.
 */
export const CHECK_SHARE = 0.002;
/** Checks a second in a cell's first window, at most (no rate measured yet). */
export const FIRST_WINDOW_RATE = 10;
/** Most checks waiting for their answer at once. */
export const MAX_IN_FLIGHT = 8;

/** Pause before the next check after one got no answer (before the window, where checks go out back to back). */
const FAILED_CHECK_PAUSE_MS = 20;
/** How long checks in flight when the window closes may take to come back. */
const GRACE_MS = 2000;
/** Wrong answers the checker keeps (the count has them all). */
const KEPT_WRONG = 3;
/** Longest body quoted in the result. */
const BODY_CHARS = 200;

/** What the checker knows of the load's rate: measured (or set by a rate profile), or only the requests it keeps in flight. */
export type LoadRate = { kind: 'known'; ratePerSec: number } | { kind: 'closed'; inFlight: number };

export interface CheckerOptions {
  baseUrl: string;
  protocol: LoadProtocol;
  checks: Check[];
  load: LoadRate;
  timeoutMs: number;
  /** The checker's share of the load (CHECK_SHARE); 0: no checks. */
  share: number;
}

export type CheckerRecord = NonNullable<NonNullable<Trial['answerChecks']>['checker']> & {
  wrongAnswers: WrongAnswer[];
};

/** Checks a second: `share` of a known rate; in a closed load of unknown rate, at most FIRST_WINDOW_RATE and `share` of N / L. */
export function checkRate(load: LoadRate, share: number, latencyMs?: number): number {
  if (load.kind === 'known') return share * load.ratePerSec;
  if (latencyMs === undefined || latencyMs <= 0) return FIRST_WINDOW_RATE;
  return Math.min(FIRST_WINDOW_RATE, (share * load.inFlight * 1000) / latencyMs);
}

const short = (text: string) => (text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}…` : text);

export class LoadChecker implements WindowWatch {
  private client: CheckClient | undefined;
  /** The unmeasured load before the window runs: checks go out back to back. */
  private warming = false;
  private windowOpen = false;
  private next = 0;
  private inFlight = 0;
  private rate: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<Promise<void>>();
  private readonly record: CheckerRecord;

  constructor(private readonly options: CheckerOptions) {
    this.rate = checkRate(options.load, options.share);
    this.record = {
      sent: 0,
      answered: 0,
      inWindow: 0,
      beforeWindow: 0,
      wrong: 0,
      unanswered: 0,
      ratePerSec: Math.round(this.rate * 10) / 10,
      wrongAnswers: [],
    };
  }

  private get active(): boolean {
    return this.options.checks.length > 0 && this.options.share > 0;
  }

  /** Opens connections before the window, as many as its checks will likely keep busy (their answers are not counted). */
  async prepare(): Promise<void> {
    if (!this.active || this.client) return;
    const client = checkClient(this.options.baseUrl, this.options.protocol, MAX_IN_FLIGHT);
    this.client = client;
    const sockets = Math.min(MAX_IN_FLIGHT, Math.max(1, Math.ceil(this.rate * 0.05)));
    const check = this.options.checks[0];
    await Promise.all(
      Array.from({ length: sockets }, () => client.send(check.request, this.options.timeoutMs).catch(() => undefined)),
    );
  }

  loadStart(): void {
    if (!this.active) return;
    this.client ??= checkClient(this.options.baseUrl, this.options.protocol, MAX_IN_FLIGHT);
    this.warming = true;
    this.fill();
  }

  begin(): void {
    if (!this.active) return;
    this.client ??= checkClient(this.options.baseUrl, this.options.protocol, MAX_IN_FLIGHT);
    this.warming = false;
    this.windowOpen = true;
    this.tick();
  }

  end(): void {
    this.warming = false;
    this.windowOpen = false;
    clearTimeout(this.timer);
  }

  /**
   * Before the window: as many checks in flight as allowed. (64 HTTP/2 streams at once were
   * all answered before the load's sessions were up, and their answers then waited out the
   * window: the checker runs beside the engine on its core.)
   */
  private fill(): void {
    while (this.warming && this.inFlight < MAX_IN_FLIGHT) this.send();
  }

  /** What the checker saw, once the checks in flight at the window's end came back (or GRACE_MS passed). */
  async finished(): Promise<CheckerRecord> {
    this.end();
    const client = this.client;
    if (client) {
      const grace = setTimeout(() => client.close(), GRACE_MS);
      await Promise.all(this.pending);
      clearTimeout(grace);
      client.close();
    }
    return this.record;
  }

  /** Sends the next check (unless MAX_IN_FLIGHT wait already) and schedules the one after. */
  private tick(): void {
    if (!this.windowOpen) return;
    if (this.inFlight < MAX_IN_FLIGHT) this.send();
    this.timer = setTimeout(() => this.tick(), 1000 / Math.max(this.rate, 0.1));
  }

  private send(): void {
    const check = this.options.checks[this.next++ % this.options.checks.length];
    this.record.sent++;
    this.inFlight++;
    const sentAt = performance.now();
    let answered = false;
    const done = this.client!.send(check.request, this.options.timeoutMs)
      .then((answer) => {
        answered = true;
        this.judge(check, answer);
        this.rate = checkRate(this.options.load, this.options.share, performance.now() - sentAt);
      })
      .catch(() => {
        this.record.unanswered++;
      })
      .finally(() => {
        this.inFlight--;
        this.pending.delete(done);
        // a target that refuses connections is not asked again at once
        if (answered) this.fill();
        else setTimeout(() => this.fill(), FAILED_CHECK_PAUSE_MS).unref();
      });
    this.pending.add(done);
  }

  private judge(check: Check, answer: CheckAnswer): void {
    if (this.windowOpen) this.record.inWindow++;
    else if (this.warming) this.record.beforeWindow++;
    if (answer.status !== check.expect.status && (answer.status === 429 || answer.status === 503)) {
      this.record.unanswered++;
      return;
    }
    this.record.answered++;
    const reason = judgeAnswer(check, answer);
    if (!reason) return;
    this.record.wrong++;
    if (this.record.wrongAnswers.length < KEPT_WRONG) {
      this.record.wrongAnswers.push({
        by: 'checker',
        request: `${check.request.method} ${check.request.path}`,
        status: answer.status,
        body: short(answer.body),
        reason,
      });
    }
  }
}
