import type { Command } from 'commander';
import { parseVariantSpec } from '../../ab/variant-spec.js';
import { variantTarget } from '../../ab/install-variant.js';
import { serveAgent } from '../../hosts/agent.js';
import type { VariantInstall } from '../../hosts/host.js';
import { addTargetDirs, loadTargets, targetDirs } from '../../targets/registry.js';

/** Installs an ab version here as `ab` did on the load host: the same folder, so the same app path. */
async function installVariant(variant: VariantInstall): Promise<void> {
  const known = new Set(targetDirs());
  addTargetDirs(variant.targetDirs.filter((dir) => !known.has(dir)));
  const base = (await loadTargets()).find((target) => target.name === variant.target);
  if (!base) throw new Error(`the server host has no target ${variant.target} (--target-dir there?)`);
  await variantTarget(base, parseVariantSpec(variant.spec), variant.label);
}

/** `gauntlet agent`: what `run --server-host` and `--load-hosts` start on the other hosts over SSH; not typed by hand. */
export function registerAgent(program: Command): void {
  program
    .command('agent')
    .summary('the other host side of --server-host and --load-hosts (started over SSH)')
    .description(
      "serve a run driven from another host: start, meter and stop targets here, or run this host's share of a k6 load, speaking JSON lines on stdin and stdout. gauntlet run --server-host and --load-hosts start it over SSH; it stops everything it started when stdin closes",
    )
    .option('--address <ip>', 'address the targets listen on (default: the one the SSH connection arrived on)')
    .action(async (flags: { address?: string }) => {
      // stdout carries the protocol: anything else a library prints goes to stderr
      const protocol = process.stdout;
      console.log = console.error;
      console.info = console.error;
      for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
      await serveAgent({ input: process.stdin, output: protocol, address: flags.address, install: installVariant });
      process.exit(0);
    });
}
