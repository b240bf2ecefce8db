/**
 * One case of the cross-framework part, as a sample process runs it: math.add in one framework
 * and setup. Every timed call's answer is compared with a + b; the check pairs are sent before
 * and after timing; where the setup goes through gauntlet's NATS broker, its CPU is read
 * around the timed window.
 */
import type { PreparedCase, ServiceEndpoints } from '../_transporters/case.js';
import { groupCpuSecondsOf } from './broker-cpu.js';
import { type AddHandler, correctAdd, operandsOf, wrongAnswer } from './contract.js';
import { type FrameworkName, SETUP_ROWS, type SetupName } from './setups.js';

export interface MathAddCaseParams {
  setup: SetupName;
  framework: FrameworkName;
  /** Which row of the setup (cote has two brokerless rows). */
  transport?: string;
  moleculerPackage: string;
}

export async function prepareMathAddCase(
  params: MathAddCaseParams,
  services: ServiceEndpoints,
  add: AddHandler = correctAdd,
): Promise<PreparedCase> {
  const row = SETUP_ROWS.find(
    (r) =>
      r.setup === params.setup &&
      r.framework === params.framework &&
      (params.transport === undefined || r.transport === params.transport),
  );
  if (!row) throw new Error(`no ${params.framework} row in the ${params.setup} setup`);
  const natsUrl = services.url('nats');
  if (row.nats && !natsUrl) throw new Error(`${params.framework} (${params.setup}) needs the NATS broker`);
  const client = await row.start({ natsUrl, moleculerPackage: params.moleculerPackage, add });
  const pgid = row.nats ? services.pgid('nats') : undefined;
  let i = 0;
  let brokerCpuAtStart = 0;
  return {
    async op() {
      const [a, b] = operandsOf(i++);
      const got = await client.add(a, b);
      if (got !== a + b) throw new Error(`math.add(${a}, ${b}) answered ${JSON.stringify(got)}, expected ${a + b}`);
    },
    check: () => wrongAnswer(client),
    windowStart() {
      brokerCpuAtStart = pgid ? groupCpuSecondsOf(pgid) : 0;
    },
    windowEnd(ops): Record<string, number> {
      if (!pgid || ops === 0) return {};
      return { brokerCpuMicrosPerOp: ((groupCpuSecondsOf(pgid) - brokerCpuAtStart) / ops) * 1e6 };
    },
    close: () => client.close(),
  };
}
