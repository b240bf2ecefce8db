import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { reportTableLines } from '../../report/terminal-table.js';
import { DEFAULT_RUNTIME_ID, KNOWN_RUNTIMES } from '../../runtimes/known-runtimes.js';
import { parseRuntimeIds, runtimeStatus, runtimeStatuses } from '../../runtimes/resolve-runtime.js';
import { installRuntime, npmSpec, runtimesDir } from '../../runtimes/runtime-cache.js';

/** Each known runtime: exact version, whether it is here (and which binary), and what installs it. */
export function runtimeListing() {
  return runtimeStatuses().map((status) => ({
    id: status.known.id,
    version: status.known.version,
    default: status.known.id === DEFAULT_RUNTIME_ID,
    installed: status.runtime !== undefined,
    /** The version that runs: the machine's node may stand in for its line with its own version. */
    runs: status.runtime ? `${status.runtime.name} ${status.runtime.version}` : undefined,
    source: status.runtime?.source,
    install: status.installHint,
    package: `${status.known.npmPackage}@${status.known.version}`,
    note: status.known.note,
  }));
}

export function runtimesTable(rows: ReturnType<typeof runtimeListing>): string {
  const cells = rows.map((r) => [
    `${r.id}${r.default ? ' (default)' : ''}`,
    r.version,
    r.installed ? `yes: ${r.source}` : 'NO',
    r.runs ?? '',
    r.install,
    r.note,
  ]);
  return reportTableLines(['runtime', 'version', 'installed', 'runs', 'install with', 'note'], cells).join('\n');
}

export function registerRuntimes(program: Command): void {
  const runtimes = program
    .command('runtimes')
    .summary('list and install runtimes')
    .description(
      `list the runtimes targets can run on (${KNOWN_RUNTIMES.map((r) => r.id).join(', ')}), and install them`,
    )
    .addHelpText(
      'after',
      '\nExamples:\n  gauntlet runtimes                 each runtime: installed, or how to add it\n  gauntlet runtimes add bun deno    install from npm into .gauntlet/runtimes/\n  gauntlet run --runtime node@20,node@24,bun --targets node-http,fastify\nMore: gauntlet help runtimes.',
    );
  runtimes
    .command('list', { isDefault: true })
    .summary('each runtime, installed or not')
    .description('list each runtime: its exact version, whether it is installed, and the command that installs it')
    .option('--json', 'machine-readable output', false)
    .action((flags: { json: boolean }) => {
      const rows = runtimeListing();
      if (flags.json) console.log(JSON.stringify({ cache: runtimesDir(), runtimes: rows }, null, 2));
      else console.log(`${runtimesTable(rows)}\ncache: ${runtimesDir()} (GAUNTLET_RUNTIMES_DIR to move it)`);
    });
  runtimes
    .command('add')
    .summary('install runtimes from npm')
    .description('install runtimes from the npm registry into .gauntlet/runtimes (GAUNTLET_RUNTIMES_DIR moves it)')
    .argument('<runtimes...>', 'runtime ids, as gauntlet runtimes lists them (node@22, bun, deno, …)')
    .addHelpText(
      'after',
      '\nExamples:\n  gauntlet runtimes add bun deno\n  gauntlet runtimes add node@20 node@22 node@26\n  GAUNTLET_RUNTIMES_DIR=/tmp/rt gauntlet runtimes add bun',
    )
    .action(async (ids: string[]) => {
      for (const known of parseRuntimeIds(ids)) {
        const status = runtimeStatus(known);
        if (known.dependencyAlias) {
          if (!status.runtime)
            throw new UserError(
              'GAUNTLET_RUNTIME_MISSING',
              `${known.id} comes with gauntlet's dependencies and is missing`,
              "run npm install in gauntlet's folder",
            );
          console.log(`${known.id}: ${known.kind} ${known.version} is gauntlet's own dependency, nothing to add`);
          continue;
        }
        if (status.runtime && status.runtime.version === known.version) {
          console.log(`${known.id}: ${known.kind} ${known.version} is installed (${status.runtime.source})`);
          continue;
        }
        console.log(`${known.id}: installing ${npmSpec(known)} into ${runtimesDir()} …`);
        const binary = await installRuntime(known);
        console.log(`${known.id}: ${known.kind} ${known.version} installed: ${binary}`);
      }
    });
}
