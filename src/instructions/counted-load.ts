/**
 * A fixed number of requests at a fixed concurrency, for counting a target's instructions per
 * request: `concurrency` kept-alive connections, each sending the scenario's load requests in
 * turn, one at a time, until `count` answers came back. The client runs outside Valgrind, so its
 * speed does not matter (the target is some 100 times slower there); every answer is judged,
 * since under Valgrind there are few of them.
 */
import { Agent, request } from 'node:http';
import { sameAnswer } from '../measure/load-answers.js';
import type { RequestSpec, Scenario } from '../suites/types.js';

export interface CountedLoad {
  count: number;
  concurrency: number;
  timeoutMs: number;
}

export interface CountedAnswers {
  answered: number;
  /** The first wrong answers, as "GET /path: what was wrong". */
  wrong: string[];
  wrongCount: number;
  /** Connections the client opened during these requests: none while the target keeps them alive. */
  opened: number;
}

const KEPT_WRONG = 3;

interface Answer {
  status: number;
  body: string;
  /** Whether it came on a connection kept alive from an earlier request. */
  reused: boolean;
}

function sendOnce(agent: Agent, baseUrl: string, spec: RequestSpec, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(spec.path, baseUrl),
      { method: spec.method, headers: spec.headers, agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            reused: req.reusedSocket,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' && req.reusedSocket) reject(new StaleSocket(error.message));
      else reject(error);
    });
    if (spec.body !== undefined) req.write(spec.body);
    req.end();
  });
}

/** A kept-alive connection the target closed just as a request went out on it: nothing was answered. */
class StaleSocket extends Error {}

/**
 * Sends one request, again on a new connection when the target reset a kept-alive one as the
 * request went out on it. A target closes a connection idle for its keep-alive timeout (five
 * seconds in node:http), and under Valgrind on a busy machine a dump between two blocks can take
 * that long: the next request can cross the close (Node's documentation of request.reusedSocket).
 * Every free connection may be stale, so there is one more try than there are connections.
 */
async function send(
  agent: Agent,
  baseUrl: string,
  spec: RequestSpec,
  timeoutMs: number,
  tries: number,
): Promise<Answer> {
  for (let tried = 1; ; tried++) {
    try {
      return await sendOnce(agent, baseUrl, spec, timeoutMs);
    } catch (error) {
      if (!(error instanceof StaleSocket) || tried >= tries) throw error;
    }
  }
}

/** What is wrong with an answer to the load's request, or undefined. */
export function judgeLoadAnswer(
  scenario: Scenario,
  spec: RequestSpec,
  answer: Pick<Answer, 'status' | 'body'>,
): string | undefined {
  const statuses = scenario.expectedStatuses ?? scenario.checks.map((check) => check.expect.status);
  if (statuses.length > 0 && !statuses.includes(answer.status)) return `status ${answer.status}`;
  const expected = scenario.loadAnswerBody?.(spec);
  if (expected !== undefined && !sameAnswer(answer.body, expected))
    return `body ${JSON.stringify(answer.body.slice(0, 80))}, expected ${JSON.stringify(expected)}`;
  return undefined;
}

/**
 * Kept-alive connections to one target, kept from the warm-up to the last counted block so that
 * no block pays for opening them.
 */
export class CountedClient {
  private readonly agent: Agent;
  /** Where the next block starts in the scenario's cycle of requests. */
  private sent = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly scenario: Scenario,
    private readonly load: Omit<CountedLoad, 'count'>,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: load.concurrency });
  }

  /** Sends `count` requests, continuing the cycle; rejects when a request gets no answer. */
  async send(count: number): Promise<CountedAnswers> {
    const result: CountedAnswers = { answered: 0, wrong: [], wrongCount: 0, opened: 0 };
    const first = this.sent;
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const spec = this.scenario.load[(first + next++) % this.scenario.load.length];
        const answer = await send(this.agent, this.baseUrl, spec, this.load.timeoutMs, this.load.concurrency + 1);
        result.answered++;
        if (!answer.reused) result.opened++;
        const wrong = judgeLoadAnswer(this.scenario, spec, answer);
        if (wrong === undefined) continue;
        result.wrongCount++;
        if (result.wrong.length < KEPT_WRONG) result.wrong.push(`${spec.method} ${spec.path}: ${wrong}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.load.concurrency, count) }, worker));
    this.sent += count;
    return result;
  }

  close(): void {
    this.agent.destroy();
  }
}
