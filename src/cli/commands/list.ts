import type { Command } from 'commander';
import { engines } from '../../engines/registry.js';
import { suites } from '../../suites/registry.js';
import { packageVersions, targetAvailability } from '../../targets/availability.js';
import { loadTargets } from '../../targets/registry.js';
import { reportTableLines } from '../../report/terminal-table.js';
import { targetDirOption } from '../options.js';
import { runtimeListing, runtimesTable } from './runtimes.js';

export async function listing() {
  const targets = await loadTargets();
  return {
    suites: suites.map((s) => ({
      name: s.name,
      description: s.description,
      // A bench suite's parts are what --scenarios takes there; its targets are its lines.
      scenarios: s.bench ? s.bench.parts.map((p) => p.name) : s.scenarios.map((sc) => sc.name),
      ...(s.bench && { kind: 'bench', targets: s.bench.targets.map((t) => `${t.name} (${t.defaultRuntime})`) }),
      available: true,
    })),
    targets: targets.map((t) => {
      const availability = targetAvailability(t);
      return {
        name: t.name,
        title: t.title,
        suites: Object.keys(t.apps),
        available: availability.available,
        reason: availability.reason,
        layer: t.layer,
        router: t.router,
        packages: packageVersions(t),
        /** Runtimes it was found not to run on (gauntlet verify --runtime), with the reason. */
        unsupportedRuntimes: t.unsupportedRuntimes ?? [],
        homepage: t.homepage,
      };
    }),
    engines: engines.map((e) => ({
      name: e.name,
      description: e.description,
      capabilities: e.capabilities,
      available: !e.unavailableReason(),
      reason: e.unavailableReason(),
      version: e.version(),
    })),
    runtimes: runtimeListing(),
  };
}

export function registerList(program: Command): void {
  program
    .command('list')
    .summary('suites, targets, engines, runtimes')
    .description('list the suites, targets, engines and runtimes, and whether each can run here')
    .option('--json', 'machine-readable output', false)
    .addOption(targetDirOption())
    .addHelpText('after', "\nExamples:\n  gauntlet list\n  gauntlet list --json | jq '.targets[] | select(.available)'")
    .action(async (flags: { json: boolean }) => {
      const data = await listing();
      if (flags.json) {
        console.log(JSON.stringify(data, null, 2));
        return;
      }
      const mark = (ok: boolean) => (ok ? 'yes' : 'NO');
      const suiteRows = data.suites.map((s) => [
        s.name,
        s.scenarios.join(', '),
        `${s.description}${s.targets ? `; in-process, on ${s.targets.join(', ')}` : ''}`,
      ]);
      const targetRows = data.targets.map((t) => {
        const notOn = t.unsupportedRuntimes
          .map((u) => `${u.runtime}${u.suites ? ` (${u.suites.join(', ')})` : ''}: ${u.reason}`)
          .join('\n');
        return [
          t.name,
          mark(t.available),
          t.suites.join(', '),
          Object.entries(t.packages)
            .map(([n, v]) => `${n}@${v}`)
            .join('\n'),
          t.layer ?? '',
          t.reason ?? '',
          notOn,
        ];
      });
      const engineRows = data.engines.map((e) => {
        const carries = Object.entries(e.capabilities)
          .filter(([, can]) => can)
          .map(([what]) => what);
        return [e.name, mark(e.available), e.version, carries.join(', '), e.reason ?? ''];
      });
      console.log(
        [
          'suites',
          ...reportTableLines(['suite', 'scenarios', 'description'], suiteRows),
          'targets',
          ...reportTableLines(['target', 'available', 'suites', 'versions', 'layer', 'why not', 'not on'], targetRows),
          'engines',
          ...reportTableLines(['engine', 'available', 'version', 'carries', 'why not'], engineRows),
          'runtimes',
          runtimesTable(data.runtimes),
        ].join('\n'),
      );
    });
}
