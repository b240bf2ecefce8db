/**
 * The command line of the benches (`npm run bench:stability`, `npm run bench:ab`). Their own
 * options are read strictly (node:util's parseArgs), so a misspelt or unknown one is refused
 * before a run of several minutes starts; everything after the first `--` goes to gauntlet as
 * it is. Errors are printed with their code and exit code, as the CLI prints them, and a run
 * of gauntlet that fails or is interrupted ends the bench with its exit code and its folder.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ignoreClosedPipes } from '../core/closed-pipes.js';
import { reportFailure } from '../core/error-report.js';
import { UserError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { projectRoot } from '../core/paths.js';

export interface BenchCommand {
  /** How it is run: `npm run bench:stability`. */
  name: string;
  /** What `--help` prints. */
  usage: string;
  /** Its options that take a value, without the dashes. */
  options: string[];
  /** Of those, the ones that take one value or more: the words after them up to the next option. */
  lists?: string[];
  /** Its options that take no value (switches), without the dashes. */
  switches?: string[];
  /** A whole command line, shown when one is refused. */
  example: string;
}

export interface BenchArgs {
  values: Record<string, string | undefined>;
  lists: Record<string, string[]>;
  positionals: string[];
  /** Everything after the first `--`: flags for the gauntlet command the bench runs. */
  passOn: string[];
}

/** Reads a bench's arguments; 'help' when asked for its usage. Throws UserError on anything unknown. */
export function readBenchArgs(command: BenchCommand, argv: string[]): BenchArgs | 'help' {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const options = Object.fromEntries([
    ['help', { type: 'boolean' as const, short: 'h' }],
    ...command.options.map((name) => [name, { type: 'string' as const }]),
    ...(command.switches ?? []).map((name) => [name, { type: 'boolean' as const }]),
  ]);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: own, options, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw refusal(command, error as NodeJS.ErrnoException);
  }
  if (parsed.values.help) return 'help';
  const values: Record<string, string | undefined> = {};
  const lists: Record<string, string[]> = Object.fromEntries((command.lists ?? []).map((name) => [name, []]));
  const positionals: string[] = [];
  let list: string | undefined;
  for (const token of parsed.tokens ?? []) {
    if (token.kind === 'option' && command.switches?.includes(token.name)) {
      values[token.name] = 'yes';
      list = undefined;
    } else if (token.kind === 'option') {
      list = token.name in lists ? token.name : undefined;
      if (list) lists[list].push(token.value!);
      else values[token.name] = token.value;
    } else if (token.kind === 'positional') {
      if (list) lists[list].push(token.value);
      else positionals.push(token.value);
    }
  }
  return { values, lists, positionals, passOn: split === -1 ? [] : argv.slice(split + 1) };
}

function refusal(command: BenchCommand, error: NodeJS.ErrnoException): UserError {
  const known = [...command.options, ...(command.switches ?? [])].map((name) => `--${name}`).join(', ');
  const hint = `its options: ${known}, --help; flags for gauntlet go after a second --, as in \`${command.example}\``;
  const option = /'(-[^']*)'/.exec(error.message)?.[1] ?? '?';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new UserError('GAUNTLET_USAGE', `unknown option ${option} for ${command.name}`, hint);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /does not take an argument/.test(error.message))
    return new UserError('GAUNTLET_BAD_OPTION_VALUE', `${option.split(' ')[0]} takes no value (${command.name})`, hint);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return new UserError('GAUNTLET_BAD_OPTION_VALUE', `${option.split(' ')[0]} needs a value (${command.name})`, hint);
  return new UserError('GAUNTLET_USAGE', `${error.message} (${command.name})`, hint);
}

/** gauntlet ended without the outcome the bench needs: the bench ends with gauntlet's exit code. */
export class GauntletStopped extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

let interrupted = false;

/**
 * Runs `gauntlet <args>` and waits (`how.prefix`: a command it runs under, such as
 * `ip netns exec …`). Ctrl-C reaches gauntlet too, which stops and keeps what it
 * measured (exit 130); the bench then stops as well, naming the folder that holds it.
 */
export function runGauntlet(
  args: string[],
  outDir: string,
  acceptedExits: number[] = [EXIT.OK],
  how: { prefix?: string[]; env?: Record<string, string> } = {},
): void {
  const [command, ...rest] = [
    ...(how.prefix ?? []),
    process.execPath,
    join(projectRoot, 'dist/src/cli/main.js'),
    ...args,
  ];
  const child = spawnSync(command, rest, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...how.env },
  });
  const code =
    child.status ?? (child.signal === 'SIGINT' || child.signal === 'SIGTERM' ? EXIT.INTERRUPTED : EXIT.INTERNAL);
  const kept = readdirSync(outDir).length > 0 ? `; what it measured is in ${outDir}` : '';
  const stopped = interrupted || code === EXIT.INTERRUPTED;
  const refused = !acceptedExits.includes(code);
  // an empty folder of a run that failed would only be litter in /tmp
  if ((stopped || refused) && !kept) rmSync(outDir, { recursive: true, force: true });
  if (stopped)
    throw new GauntletStopped(`interrupted${kept || '; gauntlet had measured nothing yet'}`, EXIT.INTERRUPTED);
  if (refused)
    throw new GauntletStopped(
      `gauntlet ${args[0]} exited with ${child.status ?? child.signal} (its error is above)${kept}`,
      code,
    );
}

/** Runs a bench: its arguments, its body, and how it ends (exit code, errors with their codes). */
export function runBench(command: BenchCommand, body: (args: BenchArgs) => void): void {
  ignoreClosedPipes();
  // Ctrl-C goes to gauntlet as well: the bench waits for it to stop rather than die before it.
  process.on('SIGINT', () => (interrupted = true));
  try {
    const args = readBenchArgs(command, process.argv.slice(2));
    if (args === 'help') process.stdout.write(command.usage);
    else body(args);
  } catch (error) {
    if (error instanceof GauntletStopped) {
      console.error(`${command.name}: ${error.message}`);
      process.exitCode = error.exitCode;
    } else process.exitCode = reportFailure(error);
  }
}
