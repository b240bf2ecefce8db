/**
 * The cross-framework part's case module: math.add ({a, b} → a + b) in one framework and
 * setup (see remote/setups.ts). Before timing, five operand pairs (negative, fractional,
 * large) are checked; every timed call's answer is compared with a + b and the first wrong
 * one is kept for the check after timing, so a framework that answers wrongly once is refused.
 */
import { type CaseContext, type CaseInstance, defineCases } from '../../inproc-types.js';
import { type AddHandler, correctAdd, operandsOf, wrongAnswer } from '../remote/contract.js';
import type { BrokerClass } from '../remote/moleculer.js';
import { type FrameworkName, SETUP_ROWS, type SetupName } from '../remote/setups.js';

/** The entry file of the target's moleculer (its line, or an `ab` variant), which a service process loads by path. */
function moleculerMainOf(ctx: CaseContext): string {
  const { resolve } = ctx.require as Partial<NodeJS.Require>;
  if (typeof resolve !== 'function') throw new Error("the case context cannot resolve the target's moleculer");
  return resolve('moleculer');
}

/**
 * The case with the handler the services run: a + b, or a test's wrong one (a fixture module),
 * given also as the path of a module exporting it as `add` for the service processes.
 */
export const mathAddCase =
  (add: AddHandler, addModule?: string) =>
  async (ctx: CaseContext): Promise<CaseInstance> => {
    const setup = ctx.options.setup as SetupName;
    const framework = ctx.options.framework as FrameworkName;
    const transport = ctx.options.transport as string | undefined;
    const row = SETUP_ROWS.find(
      (r) => r.setup === setup && r.framework === framework && (transport === undefined || r.transport === transport),
    );
    if (!row) throw new Error(`no ${framework} row in the ${setup} setup`);
    const natsUrl = ctx.services.nats;
    if (row.nats && !natsUrl) throw new Error(`${framework} (${setup}) needs the NATS broker`);
    const { ServiceBroker } = ctx.require('moleculer') as { ServiceBroker: BrokerClass };
    const client = await row.start({
      natsUrl,
      ServiceBroker,
      moleculerMain: moleculerMainOf(ctx),
      add,
      addModule,
    });
    let firstWrong: string | undefined;
    try {
      firstWrong = await wrongAnswer(client);
    } catch (error) {
      await client.close();
      throw error;
    }
    let i = 0;
    let expected = 0;
    return {
      task: async () => {
        const [a, b] = operandsOf(i++);
        expected = a + b;
        const answer = await client.add(a, b);
        if (answer !== expected)
          firstWrong ??= `math.add(${a}, ${b}) answered ${JSON.stringify(answer)}, expected ${expected}`;
        return answer;
      },
      check: (answer) =>
        firstWrong ??
        (answer === expected ? undefined : `math.add answered ${JSON.stringify(answer)}, expected ${expected}`),
      teardown: () => client.close(),
      processGroups: client.processGroups,
    };
  };

export const cases = defineCases({ 'math-add': mathAddCase(correctAdd) });
