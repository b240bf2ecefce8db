/** The headings --help sorts `run`'s and `ab`'s many options under, in the order shown. */
export const GROUP = {
  what: 'Suite and targets:',
  runtimes: 'Runtimes:',
  rounds: 'Rounds:',
  load: 'Load:',
  cost: 'Instruction counts:',
  machine: 'This machine:',
  output: 'Output:',
  verdict: 'Verdict:',
} as const;

export type GroupHeading = (typeof GROUP)[keyof typeof GROUP];
