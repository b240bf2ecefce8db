import type { Command } from 'commander';
import { engines } from '../../engines/registry.js';
import { runtimes } from '../../runtimes/runtime.js';
import { suites } from '../../suites/registry.js';
import { packageVersions, targetAvailability } from '../../targets/availability.js';
import { loadTargets } from '../../targets/registry.js';
import { terminalTable } from '../../report/terminal-table.js';

export async function listing() {
  const targets = await loadTargets();
  return {
    suites: suites.map((s) => ({ name: s.name, description: s.description, scenarios: s.scenarios.map((sc) => sc.name), available: true })),
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
        homepage: t.homepage,
      };
    }),
    engines: engines.map((e) => ({ name: e.name, description: e.description, capabilities: e.capabilities, available: !e.unavailableReason(), reason: e.unavailableReason(), version: e.version() })),
    runtimes: runtimes.map((r) => ({ name: r.name, version: r.version, available: true })),
  };
}

export function registerList(program: Command): void {
  program
    .command('list')
    .description('suites, targets, engines and runtimes, each with whether it is available here and why not')
    .option('--json', 'machine-readable output', false)
    .addHelpText('after', '\nExamples:\n  gauntlet list\n  gauntlet list --json | jq \'.targets[] | select(.available)\'')
    .action(async (flags: { json: boolean }) => {
      const data = await listing();
      if (flags.json) {
        console.log(JSON.stringify(data, null, 2));
        return;
      }
      const mark = (ok: boolean) => (ok ? 'yes' : 'NO');
      const suitesTable = terminalTable(['suite', 'scenarios', 'description']);
      for (const s of data.suites) suitesTable.push([s.name, s.scenarios.join(', '), s.description]);
      const targetsTable = terminalTable(['target', 'available', 'suites', 'versions', 'layer', 'why not']);
      for (const t of data.targets) {
        targetsTable.push([t.name, mark(t.available), t.suites.join(', '), Object.entries(t.packages).map(([n, v]) => `${n}@${v}`).join('\n'), t.layer ?? '', t.reason ?? '']);
      }
      const enginesTable = terminalTable(['engine', 'available', 'version', 'carries', 'why not']);
      for (const e of data.engines) {
        const carries = Object.entries(e.capabilities).filter(([, can]) => can).map(([what]) => what);
        enginesTable.push([e.name, mark(e.available), e.version, carries.join(', '), e.reason ?? '']);
      }
      const runtimesTable = terminalTable(['runtime', 'available', 'version']);
      for (const r of data.runtimes) runtimesTable.push([r.name, mark(r.available), r.version]);
      console.log(['suites', suitesTable.toString(), 'targets', targetsTable.toString(), 'engines', enginesTable.toString(), 'runtimes', runtimesTable.toString()].join('\n'));
    });
}
