/**
 * Whether two results can be compared at all. A different CPU, core count, engine or load
 * voids the comparison; other differences (runtimes, node version, pinning) are said but allowed,
 * since comparing them can be the point.
 */
import type { Result } from '../model/schema.js';
import { engineOfScenario } from '../model/scenario-engine.js';

export interface EnvironmentCheck {
  /** Differences that void the comparison unless forced. */
  blocking: string[];
  /** Differences worth saying. */
  notes: string[];
}

export function checkEnvironments(a: Result, b: Result): EnvironmentCheck {
  const blocking: string[] = [];
  const notes: string[] = [];
  const differ = (what: string, x: unknown, y: unknown, list: string[]) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) list.push(`${what}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
  };
  differ('CPU model', a.environment.cpuModel, b.environment.cpuModel, blocking);
  differ('usable cores', a.environment.allowedCores.length, b.environment.allowedCores.length, blocking);
  // Targets on a server host (--server-host) ran on another machine, over a network.
  const server = (r: Result) => r.environment.serverHost;
  differ(
    'server host',
    server(a) ? 'another host' : 'the load host',
    server(b) ? 'another host' : 'the load host',
    blocking,
  );
  differ("server host's CPU model", server(a)?.cpuModel, server(b)?.cpuModel, blocking);
  differ("server host's usable cores", server(a)?.allowedCores.length, server(b)?.allowedCores.length, blocking);
  // A load split over several hosts (--load-hosts) came from other machines, over a network.
  const loadHosts = (r: Result) => r.environment.loadHosts?.length ?? 0;
  differ('load hosts', loadHosts(a), loadHosts(b), blocking);
  // Per scenario both ran: --engine auto may pick another engine when other engines are installed.
  for (const scenario of a.plan.scenarios.filter((s) => b.plan.scenarios.includes(s))) {
    const [x, y] = [engineOfScenario(a, scenario), engineOfScenario(b, scenario)];
    differ(`engine of ${scenario}`, x.name, y.name, blocking);
    if (x.name === y.name) differ(`engine flags of ${scenario}`, x.flags, y.flags, blocking);
  }
  differ('suite', a.plan.suite, b.plan.suite, blocking);
  // A ramp or a rate measures another thing than a fixed load: their figures do not compare.
  differ('load profile', a.plan.profile ?? 'fixed', b.plan.profile ?? 'fixed', blocking);
  // A scenario shaped apart from its plan (fanout's ramp) is compared on its own.
  for (const scenario of a.plan.scenarios.filter((s) => b.plan.scenarios.includes(s))) {
    const own = (r: typeof a) => r.plan.scenarioShapes?.[scenario];
    if (!own(a) && !own(b)) continue;
    const profileOf = (r: typeof a) => (own(r) ? (own(r)!.profile ?? 'fixed') : (r.plan.profile ?? 'fixed'));
    differ(`load profile of ${scenario}`, profileOf(a), profileOf(b), blocking);
  }
  // Idle cores that halt at once halt the server's core between the generator's batches, which
  // cost node-http about a quarter of its req/s here (proc/idle-polling.ts). Older results do not say.
  const pollNs = (r: Result) => r.environment.idlePolling?.haltPollNs;
  if (pollNs(a) !== undefined && pollNs(b) !== undefined)
    differ('idle polling (guest_halt_poll_ns)', pollNs(a), pollNs(b), blocking);
  const serverPollNs = (r: Result) => r.environment.serverHost?.idlePolling?.haltPollNs;
  if (serverPollNs(a) !== undefined && serverPollNs(b) !== undefined)
    differ("server host's idle polling", serverPollNs(a), serverPollNs(b), blocking);
  differ('runtimes', a.plan.runtime, b.plan.runtime, notes);
  // Results from before the memory reducer was turned off record no flags: their targets ran with none.
  differ("targets' V8 flags", a.plan.v8Flags ?? [], b.plan.v8Flags ?? [], notes);
  differ('node', a.environment.node, b.environment.node, notes);
  differ('pinning', a.environment.pinning.note, b.environment.pinning.note, notes);
  differ('kernel', a.environment.kernel, b.environment.kernel, notes);
  return { blocking, notes };
}
