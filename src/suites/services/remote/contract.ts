/**
 * The cross-framework service: `math.add` takes {a, b} and answers a + b. Every framework
 * implements it with the same handler, and every setup hands back the same small client, so
 * one checker and one timed loop serve all of them.
 */

/** The handler a service runs; a test passes a wrong one to see it refused. */
export type AddHandler = (a: number, b: number) => number;

export const correctAdd: AddHandler = (a, b) => a + b;

/** One caller's view of a started setup: a call, and how to take it all down. */
export interface MathAddClient {
  add(a: number, b: number): Promise<number>;
  close(): Promise<void>;
  /** Process groups the setup started (the separate setup's service process): their CPU counts toward each call. */
  processGroups?: number[];
}

/** Operands the answer check sends: small, negative, fractional, large, so no constant answer passes. */
export const CHECK_PAIRS: Array<[number, number]> = [
  [2, 3],
  [-7, 19],
  [0.5, 0.25],
  [1_000_000, 2_345_678],
  [41, 1],
];

/** Why an answer was refused, or undefined when every check pair came back right. */
export async function wrongAnswer(client: MathAddClient): Promise<string | undefined> {
  for (const [a, b] of CHECK_PAIRS) {
    const got = await client.add(a, b);
    if (got !== a + b) return `math.add(${a}, ${b}) answered ${JSON.stringify(got)}, expected ${a + b}`;
  }
  return undefined;
}

/** Operands of the i-th timed call, varied so a cached answer cannot pass the per-call check. */
export function operandsOf(i: number): [number, number] {
  return [i % 1000, 7];
}

/** Resolves once a call is answered: a remote service may subscribe a little after it says it is ready, and a message sent before is lost. */
export async function untilAnswering(client: MathAddClient, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const attempt = client.add(1, 2).then(
      () => true,
      () => false,
    );
    const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), 300).unref());
    if (await Promise.race([attempt, late])) return;
    if (Date.now() > deadline) throw new Error(`math.add did not answer within ${timeoutMs} ms`);
  }
}
