/**
 * A load host's share of a split k6 load, on the agent's side: each `k6-run` starts k6 paused
 * on its execution segment and says so (`k6-ready`); `k6-go` resumes it, which gauntlet sends
 * to every load host once all are ready, so the shares start together. The measured window's
 * edges are reported as they pass (`k6-window`), so gauntlet can read the server's CPU from
 * the first host's start to the last host's end; each host's window length and its k6's CPU
 * time come back with its summary, measured on its own clock.
 */
import type { AgentRequest } from './agent-messages.js';
import { runK6Job, stopK6Jobs } from '../engines/k6/job.js';

type K6RunRequest = Extract<AgentRequest, { op: 'k6-run' }>;

/** What the agent returns for one k6 run. */
export interface K6JobReply {
  summary: unknown;
  /** The window's length on this host's clock, s (0: the script marked none). */
  windowSec: number;
  generatorCpuSeconds: number;
}

interface Job {
  abort: AbortController;
  resume?: () => Promise<void>;
}

export class K6Jobs {
  private readonly jobs = new Map<number, Job>();

  constructor(private readonly send: (message: unknown) => void) {}

  async run(request: K6RunRequest): Promise<K6JobReply> {
    const job: Job = { abort: new AbortController() };
    this.jobs.set(request.job, job);
    const edge = (which: 'start' | 'end') => this.send({ event: 'k6-window', job: request.job, edge: which });
    try {
      const result = await runK6Job(
        request.script,
        request.measured ? { windowStart: () => edge('start'), windowEnd: () => edge('end') } : undefined,
        {
          segment: request.segment,
          cores: request.cores,
          deadlineMs: request.deadlineMs,
          signal: job.abort.signal,
          paused: {
            ready: (resume) => {
              job.resume = resume;
              this.send({ event: 'k6-ready', job: request.job });
            },
          },
        },
      );
      const { startMs, endMs } = result.window;
      return {
        summary: result.summary,
        windowSec: startMs !== undefined && endMs !== undefined ? (endMs - startMs) / 1000 : 0,
        generatorCpuSeconds: result.generatorCpuSeconds,
      };
    } finally {
      this.jobs.delete(request.job);
    }
  }

  async go(id: number): Promise<null> {
    const resume = this.jobs.get(id)?.resume;
    if (!resume) throw new Error(`k6 run ${id} is not waiting to start`);
    await resume();
    return null;
  }

  stop(id: number): null {
    this.jobs.get(id)?.abort.abort(new Error('stopped by gauntlet'));
    return null;
  }

  async close(): Promise<void> {
    for (const job of this.jobs.values()) job.abort.abort(new Error('the agent is closing'));
    await stopK6Jobs();
  }
}
