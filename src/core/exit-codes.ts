/**
 * Every exit code gauntlet ends with, named in one place so that scripts and CI can tell a
 * regression from a broken target, a typo or a bug (as k6's errext/exitcodes does). Each
 * error code in error-codes.ts leads to one of these; docs/errors.md is generated from both.
 */
export const EXIT = {
  OK: 0,
  REGRESSION: 1,
  USAGE: 2,
  WRONG_ANSWER: 3,
  MISSING_TOOL: 4,
  TARGET_FAILED: 5,
  // 70 is EX_SOFTWARE in sysexits.h: an internal software error.
  INTERNAL: 70,
  // 128 + SIGINT, what a shell reports for Ctrl-C; gauntlet uses it for SIGTERM too, since both keep the finished trials.
  INTERRUPTED: 130,
} as const;

export type ExitName = keyof typeof EXIT;
export type ExitCode = (typeof EXIT)[ExitName];

/** What each exit code means and which commands end with it, for docs/errors.md and the README. */
export const EXIT_MEANINGS: Record<ExitName, { meaning: string; when: string }> = {
  OK: { meaning: 'done', when: 'every command, when nothing below happened' },
  REGRESSION: {
    meaning: 'a regression was found',
    when: '`compare`, `ab`: a gated figure got worse beyond `--threshold` and the test calls it worse',
  },
  USAGE: {
    meaning: 'bad input',
    when: 'any command: an unknown option, command or name, a bad option value, a file that is not a gauntlet result, runs that cannot be compared (the error code says which)',
  },
  WRONG_ANSWER: {
    meaning: 'a target answered wrongly',
    when: '`verify`: any target; `run`: no target was measured and at least one answered wrongly, or a case of an in-process bench suite (services) answered wrongly; `ab`: A or B answered wrongly',
  },
  MISSING_TOOL: {
    meaning: 'a tool or runtime the command needs is missing or does not work here',
    when: '`doctor`: a required check is missing; any command: redis-server, a broker (nats-server, mosquitto), openssl, a load engine or a runtime it needs, or a server host or load host that ssh cannot reach (the error code says which)',
  },
  TARGET_FAILED: {
    meaning: 'a target did not start, or died every time it was measured',
    when: '`verify`: a target did not start and none answered wrongly; `run`: no target was measured, none answered wrongly; `ab`: A or B was never measured; `doctor --noise`: node-http did not start or gave fewer than two clean windows',
  },
  INTERNAL: { meaning: 'gauntlet crashed: a bug', when: 'any command; please report it with the printed stack' },
  INTERRUPTED: {
    meaning: 'interrupted (Ctrl-C or SIGTERM)',
    when: '`run`, `ab`: the trials that finished are kept, in `result.json` and the report (also when the SSH connection to a `--server-host` or one of `--load-hosts` closed mid-run); `doctor --noise`: the windows measured so far are reported',
  },
};
