/**
 * One target process under callgrind, from start to its count: started uninstrumented, verified,
 * warmed up with `warmupRequests` (uninstrumented, so the JIT tiers up at Valgrind's fast pace),
 * then counted in blocks of `blockRequests`. The first block after counting is switched on is
 * left out; the figure is the mean instructions per request of the next `countedBlocks` blocks
 * without their highest tenth (withoutHighest). A scavenge lands in some blocks and not others, so
 * a block alone moves by about 1 % and only the mean over several is the figure. When the first
 * and the second half of the counted blocks differ by more than `settleShare`, the count had not
 * levelled off: up to `countedBlocks` more are counted, the first ones dropped. A target whose
 * blocks are uneven (a large garbage collection every few thousand requests, or blocks that rise
 * and fall in a cycle) gets more blocks, up to `maxBlocks`, so that one such block moves its
 * figure by at most `blockErrorShare`, levelled off or not: a cycle parts the halves of a short
 * count, and only more blocks hold it evenly. The process is flagged unsettled when the halves
 * of its last `countedBlocks` blocks, and of all the figure's, still differ.
 */
import { mean } from 'simple-statistics';
import { startTarget } from '../measure/target-process.js';
import { makeTempFolder, removeTempFolder } from '../proc/temp-folders.js';
import { verifyScenarios } from '../measure/verify.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { Target } from '../targets/registry.js';
import type { Scenario } from '../suites/types.js';
import { dumpInstructions, setInstrumentation } from './callgrind-control.js';
import { type CountedAnswers, CountedClient } from './counted-load.js';
import { type CoreShare, CoreWatch } from './core-watch.js';
import { callgrindFlags } from './valgrind.js';

export interface CountPlan {
  warmupRequests: number;
  blockRequests: number;
  countedBlocks: number;
  /** Blocks a figure may take at most, when its blocks are uneven (countedBlocks when absent). */
  maxBlocks?: number;
  /** The error one uneven block may put into the figure; more blocks are counted, up to maxBlocks, until it is below. */
  blockErrorShare?: number;
  /** The two halves of the counted blocks agree when they differ by at most this share. */
  settleShare: number;
  /** Blocks the figure leaves out; counts taken before it was recorded left none out. */
  blocksLeftOut?: 'highest tenth';
  concurrency: number;
  timeoutMs: number;
  readyTimeoutMs: number;
}

export interface ProcessCount {
  /** Instructions per request: the mean of the counted blocks without their highest tenth. */
  instructionsPerRequest: number;
  /** Instructions per request of every block after the first, in order; the last `counted` are the figure's. */
  blocks: number[];
  /** How many of the last blocks make the figure (the plan's countedBlocks in documents that lack it). */
  counted?: number;
  /** Whether the two halves of the counted blocks agreed within the plan's share. */
  settled: boolean;
  /** Wall seconds: start and verification (the process's first scenario only), warm-up, counting. */
  seconds: { start: number; warmup: number; count: number };
  /** What the target's core gave to other processes and to the hypervisor while it was counted (pinned targets only). */
  core?: CoreShare;
  /** Blocks in which the client had to open connections anew: counted again, or kept once too many were (absent: none). */
  reopened?: Reopened;
}

/** Blocks that held the cost of opening connections: `redone` were counted again, `kept` stayed in the blocks. */
export interface Reopened {
  redone: number;
  kept: number;
}

/** Why a count failed: the target answered wrongly, the target did not start or died, or Valgrind's tools failed. */
export type CountFailureCause = 'wrong-answer' | 'target' | 'tool';

export class CountFailure extends Error {
  constructor(
    message: string,
    readonly failedBy: CountFailureCause,
  ) {
    super(message);
  }
}

/** The runtime, run inside callgrind. */
function underCallgrind(runtime: Runtime, outDir: string): Runtime {
  return {
    ...runtime,
    command(appFile, v8Flags) {
      const inner = runtime.command(appFile, v8Flags);
      return { command: 'valgrind', args: [...callgrindFlags(outDir), inner.command, ...inner.args] };
    },
  };
}

/**
 * The blocks a figure keeps: all but the highest tenth (at least one, of three or more). A larger
 * garbage collection comes every 10 to 30 blocks and lands in one block, inside a count or just
 * outside it: fastify's first count took one in its tenth block and came out 0.67 % above its
 * second, which ended a block before it. Without it, the figure is the level the blocks hold.
 */
export function withoutHighest(blocks: number[]): number[] {
  if (blocks.length < 3) return blocks;
  return [...blocks].sort((a, b) => a - b).slice(0, -Math.ceil(blocks.length / 10));
}

/** The mean of the blocks without their highest tenth: the figure of a count. */
export function levelOf(blocks: number[]): number {
  return mean(withoutHighest(blocks));
}

/**
 * How far apart the levels of the first and the second half of the blocks are, as a share of the
 * first: one garbage collection in one half is no change of level (koa's level blocks of 89k
 * with one of 97k read 1.6 % apart, 0.4 % without it).
 */
export function halvesApart(blocks: number[]): number {
  const half = Math.floor(blocks.length / 2);
  const first = levelOf(blocks.slice(0, half));
  return Math.abs(levelOf(blocks.slice(-half)) - first) / first;
}

/**
 * How many blocks keep the error that one uneven block puts into their figure within `share`.
 * The highest tenth is left out of the figure; another such block lands inside the counted
 * blocks or just outside them, and moves the figure by about half the kept blocks' range over
 * their number.
 */
export function blocksForShare(blocks: number[], share: number): number {
  const kept = withoutHighest(blocks);
  return Math.ceil((Math.max(...kept) - Math.min(...kept)) / mean(kept) / (2 * share));
}

type BlockPlan = Pick<CountPlan, 'countedBlocks' | 'maxBlocks' | 'blockErrorShare' | 'settleShare'>;

/**
 * How many blocks a figure takes, judged on the last `countedBlocks` counted: more where they are
 * uneven (a large garbage collection every few thousand requests, or blocks that rise and fall
 * in a cycle), up to `maxBlocks`, whether or not they levelled off: a cycle parts the halves of
 * any short count, and only more blocks hold it evenly.
 */
export function blocksWanted(blocks: number[], plan: BlockPlan): number {
  const uneven = blocksForShare(blocks.slice(-plan.countedBlocks), plan.blockErrorShare ?? 1);
  return Math.max(plan.countedBlocks, Math.min(plan.maxBlocks ?? plan.countedBlocks, uneven));
}

/**
 * The figure's blocks, the last `wanted`, and whether they levelled off: the halves of the first
 * `countedBlocks` of them agreed, or, where more were counted, the halves of them all (moost's
 * blocks, rising and falling by a fifth, part ten or twenty but not the 35 or so they ask for).
 */
export function countFigure(
  blocks: number[],
  wanted: number,
  plan: BlockPlan,
): { counted: number[]; settled: boolean } {
  const counted = blocks.slice(-wanted);
  const agree = (some: number[]) => halvesApart(some) <= plan.settleShare;
  return {
    counted,
    settled: agree(counted.slice(0, plan.countedBlocks)) || (counted.length > plan.countedBlocks && agree(counted)),
  };
}

/**
 * Counts `count` more blocks into `blocks`. A block in which the client opened a connection is
 * counted again: a target closes connections left idle for its keep-alive timeout, which a dump
 * on a busy machine can outlast, and the cost of opening them again would be in the block. A
 * target that closes them by itself would never give a block without, so after `budget` blocks
 * counted again the rest are kept, and `reopened.kept` says how many.
 */
export async function countBlocksWithoutReopening(
  countBlock: () => Promise<{ perRequest: number; opened: number }>,
  count: number,
  blocks: number[],
  reopened: Reopened,
  budget: number,
): Promise<void> {
  for (let counted = 0; counted < count; ) {
    const { perRequest, opened } = await countBlock();
    if (opened > 0 && reopened.redone < budget) {
      reopened.redone++;
      continue;
    }
    if (opened > 0) reopened.kept++;
    blocks.push(perRequest);
    counted++;
  }
}

/**
 * Counts each scenario in turn in one process: its warm-up uninstrumented, then its blocks with
 * counting on, then counting off again for the next scenario's warm-up.
 */
export async function countProcess(options: {
  target: Target;
  suite: string;
  scenarios: Scenario[];
  runtime: Runtime;
  cores?: string;
  v8Flags?: string[];
  plan: CountPlan;
  /** Aborted (Ctrl-C): the target is stopped at once and the count fails. */
  signal?: AbortSignal;
}): Promise<Array<{ scenario: string; count: ProcessCount }>> {
  const { plan } = options;
  const outDir = makeTempFolder('callgrind');
  const startedAt = performance.now();
  const seconds = () => (performance.now() - startedAt) / 1000;
  const running = await startTarget({
    target: { ...options.target, runtime: underCallgrind(options.target.runtime ?? options.runtime, outDir) },
    suite: options.suite,
    runtime: options.runtime,
    cores: options.cores,
    readyTimeoutMs: plan.readyTimeoutMs,
    v8Flags: options.v8Flags,
  }).catch((error: Error) => {
    removeTempFolder(outDir);
    throw new CountFailure(error.message, 'target');
  });
  const { pid } = running.process;
  const clients: CountedClient[] = [];
  // Ctrl-C: stop the target and drop the connections, so every step under way fails at once.
  const stop = () => {
    for (const client of clients) client.close();
    void running.process.stop(500);
  };
  options.signal?.addEventListener('abort', stop);
  if (options.signal?.aborted) stop(); // while it was starting
  const { signal } = options;
  try {
    const failures = await verifyScenarios(running.baseUrl, options.scenarios);
    if (failures.length > 0)
      throw new CountFailure(
        `wrong answer: ${failures.map((f) => `${f.scenario} ${f.request}: ${f.reason}`).join('; ')}`,
        'wrong-answer',
      );
    const counts: Array<{ scenario: string; count: ProcessCount }> = [];
    // The start and verification count for the process's first scenario only.
    let startSec = seconds();
    for (const scenario of options.scenarios) {
      const scenarioAt = seconds();
      const client = new CountedClient(running.baseUrl, scenario, plan);
      clients.push(client);
      await checkedBlock(client, plan.warmupRequests);
      const warmed = seconds();
      await setInstrumentation(pid, true, signal);
      await dumpInstructions(pid, outDir, signal); // leaves out what ran while switching on
      await checkedBlock(client, plan.blockRequests);
      await dumpInstructions(pid, outDir, signal); // the first block: left out
      const coreWatch = new CoreWatch(options.cores, pid);
      coreWatch.start();
      const blocks: number[] = [];
      const reopened: Reopened = { redone: 0, kept: 0 };
      const countBlock = async () => {
        const { opened } = await checkedBlock(client, plan.blockRequests);
        return { perRequest: (await dumpInstructions(pid, outDir, signal)) / plan.blockRequests, opened };
      };
      const countBlocks = (count: number) =>
        countBlocksWithoutReopening(countBlock, count, blocks, reopened, plan.countedBlocks);
      await countBlocks(plan.countedBlocks);
      if (halvesApart(blocks) > plan.settleShare) await countBlocks(plan.countedBlocks);
      const wanted = blocksWanted(blocks, plan);
      await countBlocks(wanted - plan.countedBlocks);
      const { counted, settled } = countFigure(blocks, wanted, plan);
      const core = coreWatch.stop();
      await setInstrumentation(pid, false, signal);
      counts.push({
        scenario: scenario.name,
        count: {
          instructionsPerRequest: levelOf(counted),
          blocks,
          counted: counted.length,
          settled,
          seconds: { start: startSec, warmup: warmed - scenarioAt, count: seconds() - warmed },
          ...(core && { core }),
          ...((reopened.redone > 0 || reopened.kept > 0) && { reopened }),
        },
      });
      startSec = 0;
    }
    return counts;
  } catch (error) {
    if (error instanceof CountFailure) throw error;
    const output = running.process.output.text();
    throw new CountFailure(
      `${(error as Error).message}${output ? `\n--- last output of ${options.target.name} ---\n${output}` : ''}`,
      running.process.hasExited() ? 'target' : 'tool',
    );
  } finally {
    options.signal?.removeEventListener('abort', stop);
    for (const client of clients) client.close();
    await running.process.stop(2000);
    removeTempFolder(outDir);
  }
}

async function checkedBlock(client: CountedClient, count: number): Promise<CountedAnswers> {
  const answers = await client.send(count);
  if (answers.wrongCount > 0)
    throw new CountFailure(
      `${answers.wrongCount} of ${answers.answered} answers wrong under load: ${answers.wrong.join('; ')}`,
      'wrong-answer',
    );
  return answers;
}
