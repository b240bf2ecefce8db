/**
 * The catalogue of every warning code a result can carry: a title, what it means and what to
 * do. collectWarnings and benchWarnings take their codes from here, so a code that is not
 * listed does not compile; docs/warnings.md is generated from this (npm run docs:warnings) and
 * a unit test keeps the two in step.
 */

export interface WarningEntry {
  title: string;
  /** Which runs can carry it: HTTP suites (hello, saas, h2, fanout), in-process ones (services), or both. */
  runs: 'http' | 'in-process' | 'all';
  meaning: string;
  remedy: string;
}

export const WARNING_CODES = {
  incomplete: {
    title: 'Run incomplete',
    runs: 'http',
    meaning:
      'The run stopped before its last trial (Ctrl-C, SIGTERM, or an error). The report shows only the trials that finished',
    remedy: 'Run again for every trial; `gauntlet report <run folder>` renders what was kept',
  },
  unavailable: {
    title: 'Target not run',
    runs: 'http',
    meaning:
      'A target could not run here: it is not installable, or it does not run on the chosen runtime. It has no figures',
    remedy: '`gauntlet list` says why for each target; install what it names, or leave the target out',
  },
  imported: {
    title: 'Imported from k6',
    runs: 'http',
    meaning:
      "The result was imported from k6 summaries (`gauntlet report <summary.json>`), one trial per file: the machine, the server's CPU and its memory are unknown and shown as 0",
    remedy: 'Compare req/s and latency only; for execution segments of one test, add their req/s',
  },
  turns: {
    title: 'Measured in turns',
    runs: 'http',
    meaning:
      'The run measured in turns (`--turns`, experimental): each target and a process of the baseline took turns on the server core in one window. Its ratios to the baseline read a few % lower than those of the default method, for some targets more, and moved between two runs by more than their intervals',
    remedy: 'Read them as a second opinion; for figures to publish, run without `--turns`',
  },
  'turns-overlap': {
    title: 'Turns that overlapped',
    runs: 'http',
    meaning:
      "In a run in turns, a server's threads had not all stopped well after its turn ended, and the other server ran meanwhile: those trials did not measure the two one at a time",
    remedy: 'Usually a target with threads of its own; measure it without `--turns`',
  },
  verification: {
    title: 'Wrong answer',
    runs: 'http',
    meaning:
      'A target answered a request wrongly (status, headers or body) when gauntlet checked its answers before measuring it. It is not ranked in that scenario',
    remedy: '`gauntlet verify --targets <name>` shows the failing request; fix the target or leave it out',
  },
  'warmup-unsteady': {
    title: 'Warm-up not steady',
    runs: 'http',
    meaning:
      'A target was still getting faster when its warm-up reached its maximum, or the load of its warm-up failed: its first trials may be measured partly cold',
    remedy: 'Give a longer `--warmup`; if the warm-up load failed, the message says why',
  },
  'failed-trial': {
    title: 'Failed trial',
    runs: 'http',
    meaning:
      "A trial gave no figures: the server exited, or the load failed. The cell's figures come from its other trials",
    remedy: 'Read the reason; if it repeats, run the target alone (`--targets <name>`) and watch its output',
  },
  'generator-bound': {
    title: 'Load generator at its limit',
    runs: 'http',
    meaning:
      'In some trials the load generator used nearly a full core: their req/s measure the generator as much as the server',
    remedy:
      'Compare those targets by CPU µs/req; or use a cheaper engine (`--engine wrk`, `--engine h2load`; `gauntlet doctor --calibrate` tells their ceilings)',
  },
  'link-bound': {
    title: 'Link near its capacity',
    runs: 'http',
    meaning:
      "With the targets on a server host (`--server-host`), some trials' answers took over 70 % of the link's throughput measured at the start of the run: their req/s may measure the network as much as the server",
    remedy: 'Compare those targets by CPU µs/req (read on the server host); or use a faster link, or smaller answers',
  },
  'busy-before-window': {
    title: 'Server busy before its window',
    runs: 'http',
    meaning:
      'A server was still busy from the previous load when its window began: the window includes work left from before (a timer, a backlog)',
    remedy: 'Harmless once; if it repeats for a target, its figures include that work',
  },
  errors: {
    title: 'Errors in a trial',
    runs: 'http',
    meaning:
      'A trial had connection errors, timeouts or unexpected status codes: the trial is invalid and its figures are not used',
    remedy: '`gauntlet verify --targets <name>` checks the answers; fewer `--connections` if the server refuses them',
  },
  'short-window': {
    title: 'Short measured window',
    runs: 'http',
    meaning: 'A trial measured a shorter window than asked: the load ended early',
    remedy: 'Run again; if it repeats, give a longer `--duration`',
  },
  'few-requests': {
    title: 'Too few responses',
    runs: 'http',
    meaning: 'A trial got fewer than 1,000 responses, too few for a stable p99 latency',
    remedy: 'Give a longer `--duration`',
  },
  'high-spread': {
    title: 'Repeats far apart',
    runs: 'http',
    meaning:
      "A cell's req/s varied by more than 10 % between its repeats: differences between targets smaller than that are noise",
    remedy: 'Compare by "vs baseline", measured beside the target in every round; more `--repeats`, or a calmer hour',
  },
  'noisy-machine': {
    title: 'Noisy machine',
    runs: 'http',
    meaning:
      "Most cells' req/s varied by more than 10 % between repeats: the machine itself was noisy, so absolute req/s do not hold. Ratios to the baseline, measured beside each target in every round, still hold within their intervals",
    remedy:
      'Compare by "vs baseline"; run again in a calmer hour (`gauntlet doctor --noise` tells one) or with more `--repeats`',
  },
  'noisy-ratios': {
    title: 'Ratios too noisy to repeat',
    runs: 'http',
    meaning:
      'The ratios to the baseline are too uncertain for another run to repeat them within 5 %: the machine changed pace within the rounds, or the rounds swung far apart',
    remedy:
      'Measure in turns (`--turns`, where the suite allows it), in a calmer hour (`gauntlet doctor --noise`), or with more `--repeats`',
  },
  'round-drift': {
    title: 'Rounds apart',
    runs: 'http',
    meaning:
      'Every target moved at once between rounds: the targets were still warming up (first rounds slow), or the machine changed pace for minutes. Ratios to the baseline, measured in the same rounds, cancel a pace held through a round',
    remedy: 'Nothing, unless noisy-ratios is there too: then follow it',
  },
  'starts-differ': {
    title: 'Processes of a target differ',
    runs: 'http',
    meaning:
      "The processes of one target settled at different speeds, further apart than their rounds' noise: each start has a speed of its own, which more rounds do not shrink",
    remedy: 'More processes (`--processes`): a figure over k processes keeps 1/√k of it',
  },
  'busy-machine': {
    title: 'Busy machine',
    runs: 'http',
    meaning: "Other processes used a large share of the machine's CPU just before the run: expect noisy numbers",
    remedy: 'Stop what runs beside gauntlet and run again',
  },
  'busy-core': {
    title: 'Counted on a busy core',
    runs: 'http',
    meaning:
      "With `--cost instructions`, other processes took more than 5 % of the target's core while it was counted. A count is the target's own instructions, yet work it does by the clock (a timer, a cache renewed each second) can cost more per request when a shared core slows it: the report names the processes",
    remedy: 'Count again when nothing else runs; on a shared CI runner, keep other jobs off the machine',
  },
  'reopened-connections': {
    title: 'Counted with connections opened anew',
    runs: 'http',
    meaning:
      'With `--cost instructions`, a block of counted requests had to open connections again, whose cost is then in the figure. Such a block is counted again; this warning means it happened in too many blocks of one count: the target closes connections by itself, or dumps on a busy machine outlasted its keep-alive timeout',
    remedy:
      'Count again when nothing else runs; a target that closes connections after some requests pays this cost in use too',
  },
  'cpu-steal': {
    title: 'CPU taken by the hypervisor',
    runs: 'http',
    meaning:
      'The hypervisor took CPU time from this virtual machine during the run (steal): other tenants shared the host, expect noisy numbers',
    remedy: 'Run in a calmer hour or on a dedicated machine',
  },
  'idle-halts': {
    title: 'Idle cores halt at once',
    runs: 'http',
    meaning:
      "This virtual machine's idle cores halt at once: the server's core halts between the load generator's batches and pays to wake up again, which lowers the figures and adds noise",
    remedy:
      'Run as root (gauntlet then lets the cores poll while it measures), or set it by hand: `gauntlet doctor` prints the command',
  },
  'few-repeats': {
    title: 'Few repeats',
    runs: 'all',
    meaning: 'With fewer than 6 rounds, the intervals of the medians have less than 95 % confidence',
    remedy: '`--repeats 6` or more',
  },
  unsettled: {
    title: 'Cell never settled',
    runs: 'http',
    meaning: "With `--until-stable`, a cell's req/s interval never became as narrow as asked within the budget",
    remedy: 'A larger `--budget`, or a calmer hour',
  },
  'not-pinned': {
    title: 'Processes not pinned to cores',
    runs: 'http',
    meaning:
      'The server and the load generator were not pinned to cores of their own (taskset missing, `--no-pin`, or one core): they competed for CPU',
    remedy: 'Install taskset (`gauntlet doctor` says how) and run on two or more cores',
  },
  'wrong-answer': {
    title: 'Wrong answer (in-process case)',
    runs: 'in-process',
    meaning: 'A case of an in-process suite returned a wrong result: it is not ranked',
    remedy: 'Read the reason; check what the case needs (a broker, a transporter: `gauntlet doctor`)',
  },
  'case-failed': {
    title: 'Case failed',
    runs: 'in-process',
    meaning: 'A case of an in-process suite threw, or its child process died: it has no figures',
    remedy: 'Read the reason; the brokers the services suite needs are listed by `gauntlet doctor`',
  },
  spread: {
    title: 'Rounds far apart (in-process case)',
    runs: 'in-process',
    meaning: "An in-process case's ops/s varied by more than 10 % between rounds",
    remedy: 'More or longer rounds (`--repeats`, `--duration`)',
  },
} as const satisfies Record<string, WarningEntry>;

export type WarningCode = keyof typeof WARNING_CODES;
