/**
 * The catalogue of every error code gauntlet prints (in the style of fastify's lib/errors.js):
 * a one-line cause, a one-line fix and the exit code it ends with. UserError takes its code from
 * here, so a code that is not listed does not compile; docs/errors.md is generated from this
 * (npm run docs:errors) and a unit test keeps the two, and the codes used in src, in step.
 */
import { EXIT, type ExitCode } from './exit-codes.js';

export interface ErrorEntry {
  exit: ExitCode;
  cause: string;
  fix: string;
}

export const ERROR_CODES = {
  // Usage: what was typed.
  GAUNTLET_USAGE: {
    exit: EXIT.USAGE,
    cause: 'an unknown command or option, a missing argument, or one too many',
    fix: 'check the spelling against `gauntlet <command> --help`; the error suggests the nearest name',
  },
  GAUNTLET_BAD_OPTION_VALUE: {
    exit: EXIT.USAGE,
    cause:
      'an option was given a value of the wrong form (`--repeats 0`, `--duration 0`, `--workers many`, an empty `--runtime`), or `--v8-flags` a runtime does not start with',
    fix: 'give the kind of value the message names; for `--v8-flags`, `node --v8-options` lists the flags V8 takes',
  },
  GAUNTLET_UNKNOWN_VALUE: {
    exit: EXIT.USAGE,
    cause:
      'a name given to an option is not one gauntlet knows (a target, suite, scenario, engine, runtime, store or gate figure)',
    fix: 'pick one from the list the error prints; `gauntlet list` shows every suite, target, engine and runtime',
  },
  GAUNTLET_UNKNOWN_TOPIC: {
    exit: EXIT.USAGE,
    cause: '`gauntlet help` was given a topic that is neither a page of the manual nor a command',
    fix: 'pick a topic from the list the error prints; `gauntlet help` alone lists them',
  },
  GAUNTLET_DUPLICATE_VALUE: {
    exit: EXIT.USAGE,
    cause: 'a list option (`--stores`, `--runtime`) names the same item twice',
    fix: 'name each item once',
  },
  GAUNTLET_OPTION_NOT_FOR_SUITE: {
    exit: EXIT.USAGE,
    cause:
      'an option has no effect on the chosen suite: `--stores` on a suite whose apps call no store, `--mixed` on one without traffic weights, `--v8-flags` on the services suite (in-process benches)',
    fix: 'drop the option, or use it with a suite it applies to (`--stores` and `--mixed` with `--suite saas`)',
  },
  GAUNTLET_TURNS_UNSUITED: {
    exit: EXIT.USAGE,
    cause:
      '`--turns` asked of a run that cannot take turns: a ramp or rate profile (turns need a fixed load that keeps work queued), a suite whose requests call an upstream (fanout: its calls would mix), the services suite (in-process benches), or no other target beside the baseline',
    fix: 'drop `--turns`, or run a fixed load of an HTTP suite with at least one target beside the baseline',
  },
  GAUNTLET_RUNTIME_NOT_IN_RUN: {
    exit: EXIT.USAGE,
    cause: '`--targets` names a target on a runtime (`fastify@bun`) that `--runtime` does not include',
    fix: 'add that runtime to `--runtime`, as the error shows',
  },
  GAUNTLET_NOTHING_TO_RUN: {
    exit: EXIT.USAGE,
    cause:
      'none of the chosen targets can run the suite here (each is listed with the reason), or none runs the chosen scenarios (fanout-ramp runs on the three NestJS configurations of its published comparison only)',
    fix: 'choose other targets, or install what the reasons name; `gauntlet list` shows what runs here and why not',
  },
  GAUNTLET_NO_TARGET_DIR: {
    exit: EXIT.USAGE,
    cause: 'a folder named by `--target-dir` or in `GAUNTLET_TARGET_DIRS` does not exist',
    fix: 'give the folder that holds your target folders (each with its manifest.js), or unset `GAUNTLET_TARGET_DIRS`',
  },
  GAUNTLET_DUPLICATE_TARGET: {
    exit: EXIT.USAGE,
    cause:
      "two target folders (gauntlet's own, or from `--target-dir` or `GAUNTLET_TARGET_DIRS`) declare the same target name",
    fix: 'rename one of them',
  },
  GAUNTLET_BAD_PROFILE: {
    exit: EXIT.USAGE,
    cause:
      '`--profile` is not fixed, ramp:[from-]to/duration,... or rate:[from-]to/duration,... (an unknown kind, a stage without a duration, a level that is not a number, a later stage naming its start, nothing sent)',
    fix: 'write e.g. `--profile ramp:0-100/70s`, `--profile ramp:0-100/30s,100/30s,0/10s` or `--profile rate:500/20s`; docs/engines.md lists the syntax',
  },
  GAUNTLET_NOT_A_K6_SUMMARY: {
    exit: EXIT.USAGE,
    cause:
      '`gauntlet report` was given a JSON file that is neither a gauntlet result nor a k6 summary (no `metrics` with `http_reqs`)',
    fix: 'pass the file `k6 run --summary-export=FILE` wrote, or the JSON handleSummary() received',
  },
  GAUNTLET_NO_CAPABLE_ENGINE: {
    exit: EXIT.USAGE,
    cause: 'no load engine gauntlet knows has every feature a scenario needs together',
    fix: 'run the scenario with fewer needs (another protocol, no pipelining)',
  },
  GAUNTLET_ENGINE_INCAPABLE: {
    exit: EXIT.USAGE,
    cause:
      'the engine named with `--engine` cannot carry the load a scenario needs (a protocol, pipelining, request sequences)',
    fix: 'use the engine the error names, or `--engine auto`',
  },
  // Files and saved runs.
  GAUNTLET_NO_SUCH_FILE: {
    exit: EXIT.USAGE,
    cause: 'the result file or run folder given does not exist',
    fix: 'pass a `result.json`, a `journal.ndjson` or a run folder from `results/`',
  },
  GAUNTLET_NO_RESULT: {
    exit: EXIT.USAGE,
    cause: 'the folder given holds neither `result.json` nor `journal.ndjson`',
    fix: 'pass a run folder written by `gauntlet run`',
  },
  GAUNTLET_BAD_RESULT: {
    exit: EXIT.USAGE,
    cause:
      'the file is not a gauntlet result or journal this version can read (not JSON, a torn or foreign journal, or a schema it does not know)',
    fix: 'pass a `result.json`, `journal.ndjson` or run folder written by `gauntlet run`',
  },
  GAUNTLET_INCOMPARABLE: {
    exit: EXIT.USAGE,
    cause:
      'the two runs come from different machines or loads (CPU, cores, engine or its flags), counted instructions on different runtimes, V8 flags or warm-ups, or one counted instructions and the other was timed',
    fix: 'compare runs made on the same machine with the same load (two timed runs, or two runs of `--cost instructions`), or pass `--force` to compare anyway',
  },
  GAUNTLET_NOTHING_TO_COMPARE: {
    exit: EXIT.USAGE,
    cause: 'the two runs share no measured target and scenario',
    fix: 'compare runs of the same targets and scenarios',
  },
  // ab: the versions to compare.
  GAUNTLET_AB_TARGET: {
    exit: EXIT.USAGE,
    cause: 'the target, or one of its installed versions, cannot run here (the reason is printed)',
    fix: 'install what the reason names, or pick a target `gauntlet list` shows as available',
  },
  GAUNTLET_BAD_VARIANT: {
    exit: EXIT.USAGE,
    cause: 'a version given to `ab` is not written as a package version',
    fix: 'write `name@version` (`fastify@5.11.0`) or `name@file:path` (`fastify@file:../fastify`)',
  },
  GAUNTLET_VARIANT_PACKAGE: {
    exit: EXIT.USAGE,
    cause: 'a version given to `ab` replaces a package the target does not use',
    fix: 'name a package from the list the error prints, or another target',
  },
  GAUNTLET_VARIANT_INSTALL: {
    exit: EXIT.USAGE,
    cause:
      'npm could not install a version given to `ab` (it does not exist, the path holds no package, or the registry is out of reach)',
    fix: 'check the version exists (`npm view NAME versions`) or the path holds a `package.json`, and that npm reaches its registry',
  },
  // A server host (--server-host).
  GAUNTLET_SERVER_HOST_UNREACHABLE: {
    exit: EXIT.MISSING_TOOL,
    cause:
      "`--server-host`: ssh could not reach the server host, or `gauntlet agent` did not start there (ssh's and the agent's last output are printed)",
    fix: 'check that `ssh <server-host> true` works without a prompt (keys, known_hosts), and that gauntlet is installed there at the path `--server-gauntlet` names',
  },
  GAUNTLET_SERVER_HOST_VERSION: {
    exit: EXIT.USAGE,
    cause: '`--server-host`: the gauntlet on the server host is another version than the one driving the run',
    fix: 'install the same version on both hosts (the error names both)',
  },
  GAUNTLET_SERVER_HOST_LOST: {
    exit: EXIT.INTERRUPTED,
    cause:
      '`--server-host`: the SSH connection to the server host closed mid-run; the agent stopped every target there',
    fix: 'the finished trials are kept in the run folder (`gauntlet report <run folder>`); check the connection (ServerAliveInterval in ssh_config) and run again',
  },
  GAUNTLET_SERVER_HOST_UNSUITED: {
    exit: EXIT.USAGE,
    cause:
      "`--server-host` was given with something that runs on one machine only: a suite with services (fanout, services, saas with `--stores redis`), `--turns`, `--cost instructions`, or `--workers auto` (which counts this host's cores)",
    fix: 'drop `--server-host`, or run the hello, h2 or saas suite with its memory store',
  },
  GAUNTLET_LOAD_HOST_UNREACHABLE: {
    exit: EXIT.MISSING_TOOL,
    cause:
      "`--load-hosts`: ssh could not reach a load host, or `gauntlet agent` did not start there (ssh's and the agent's last output are printed)",
    fix: 'check that `ssh <load-host> true` works without a prompt (keys, known_hosts), and that gauntlet and k6 are installed there (`--server-gauntlet` names the path on every host)',
  },
  GAUNTLET_LOAD_HOST_VERSION: {
    exit: EXIT.USAGE,
    cause: '`--load-hosts`: the gauntlet on a load host is another version than the one driving the run',
    fix: 'install the same version on every host (the error names both)',
  },
  GAUNTLET_LOAD_HOST_LOST: {
    exit: EXIT.INTERRUPTED,
    cause: '`--load-hosts`: the SSH connection to a load host closed mid-run; its agent stopped its k6',
    fix: 'the finished trials are kept in the run folder (`gauntlet report <run folder>`); check the connection (ServerAliveInterval in ssh_config) and run again',
  },
  GAUNTLET_LOAD_HOSTS_UNSUITED: {
    exit: EXIT.USAGE,
    cause:
      '`--load-hosts` was given with a load k6 cannot split over hosts: another `--engine` than k6, an HTTP/2 suite, the services suite, `--turns`, `--cost instructions`, a load host named twice, or fewer connections than load hosts',
    fix: 'use `--engine k6` (or auto) on the hello, saas or fanout suite, with at least one connection per load host',
  },
  // Tools and runtimes this machine lacks.
  GAUNTLET_ENGINE_UNAVAILABLE: {
    exit: EXIT.MISSING_TOOL,
    cause: 'the load engine asked for, or every engine that could carry the load, is not installed or not usable here',
    fix: 'install it with the command printed (`gauntlet doctor` lists them), or choose another `--engine`',
  },
  GAUNTLET_NO_VALGRIND: {
    exit: EXIT.MISSING_TOOL,
    cause: '`--cost instructions` runs each target under Valgrind, which is not installed',
    fix: 'install it: `apt-get install valgrind` (as root), or drop `--cost`',
  },
  GAUNTLET_NO_REDIS: {
    exit: EXIT.MISSING_TOOL,
    cause: '`--stores redis` needs redis-server, which is not installed',
    fix: '`apt-get install -y redis-server` (see `gauntlet doctor`), or leave redis out of `--stores`',
  },
  GAUNTLET_REDIS_FAILED: {
    exit: EXIT.MISSING_TOOL,
    cause: 'redis-server exited at start or did not answer in time (its output is printed)',
    fix: 'run redis-server by hand to see why; a port or permission problem is the usual cause',
  },
  GAUNTLET_NO_BROKER: {
    exit: EXIT.MISSING_TOOL,
    cause:
      'a part of the services suite needs a message broker (nats-server or mosquitto) that is not installed, or GAUNTLET_NATS_SERVER / GAUNTLET_MOSQUITTO names no executable',
    fix: '`apt-get install -y nats-server mosquitto` (see `gauntlet doctor`), or leave the part that needs it out of `--scenarios`',
  },
  GAUNTLET_BROKER_FAILED: {
    exit: EXIT.MISSING_TOOL,
    cause:
      'nats-server or mosquitto exited at start or did not complete a protocol handshake in time (its last output is printed)',
    fix: 'run the broker by hand to see why; a port or permission problem is the usual cause',
  },
  GAUNTLET_UPSTREAM_FAILED: {
    exit: EXIT.MISSING_TOOL,
    cause:
      "the fanout suite's upstream service (a node:http server gauntlet starts) exited at start or did not answer in time",
    fix: 'run `npm run build` (its script is dist/src/backends/upstream/server.js) and retry; its output is printed with the error',
  },
  GAUNTLET_NOISE_PROBE_FAILED: {
    exit: EXIT.TARGET_FAILED,
    cause:
      '`doctor --noise`: node-http did not start, or fewer than two of its windows were clean (the first reason is printed)',
    fix: '`gauntlet verify --targets node-http` shows whether it starts and answers; `gauntlet doctor` whether the engine is installed',
  },
  GAUNTLET_NO_OPENSSL: {
    exit: EXIT.MISSING_TOOL,
    cause: 'serving HTTP/2 over TLS needs a throwaway certificate, and the openssl CLI is not installed',
    fix: '`apt-get install -y openssl`',
  },
  GAUNTLET_RUNTIME_MISSING: {
    exit: EXIT.MISSING_TOOL,
    cause: "a runtime asked for with `--runtime` (or gauntlet's own default node) is not installed",
    fix: 'install it with the command printed, `gauntlet runtimes add <id>`, or add `--install-runtimes`; for the default node, run `npm install`',
  },
  GAUNTLET_RUNTIME_PLATFORM: {
    exit: EXIT.MISSING_TOOL,
    cause: 'a runtime cannot run on this machine (its builds are for another OS or CPU)',
    fix: "use the machine's own node (`--runtime` with its `node@<major>`)",
  },
  GAUNTLET_RUNTIME_INSTALL: {
    exit: EXIT.MISSING_TOOL,
    cause: 'npm could not install a runtime into the runtime cache, or the installed package lacks its binary',
    fix: 'check that npm reaches its registry, then retry; `GAUNTLET_RUNTIMES_DIR` moves the cache',
  },
  // gauntlet itself.
  GAUNTLET_INTERNAL: {
    exit: EXIT.INTERNAL,
    cause: 'gauntlet failed in a way it does not expect: a bug',
    fix: "report it with the printed stack and the command line; a run's journal keeps every finished trial (`gauntlet report <run folder>`)",
  },
} as const satisfies Record<`GAUNTLET_${string}`, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Where a code is explained: its heading in docs/errors.md (GitHub lowercases heading anchors). */
export function errorDocLink(code: ErrorCode): string {
  return `docs/errors.md#${code.toLowerCase()}`;
}
