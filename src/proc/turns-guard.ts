/**
 * The guard of a run's turns (turns.ts), run as a child of gauntlet: told over IPC of every
 * process group turns may stop, it resumes them all (SIGCONT) the moment gauntlet is gone.
 * gauntlet resumes them itself when turns end, on Ctrl-C and on a crash it lives through; a
 * gauntlet killed outright (SIGKILL) cannot, and a target stopped then would never run again
 * to notice that its parent died (targets/_lib/app-env.ts exitWhenOrphaned).
 */
const groups = new Set<number>();

function resumeAll(): void {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGCONT');
    } catch {
      // the group is gone
    }
  }
}

process.on('message', (message: { groups?: number[] }) => {
  for (const pgid of message.groups ?? []) groups.add(pgid);
});
// the IPC channel closes when gauntlet exits, however it ends
process.on('disconnect', () => {
  resumeAll();
  process.exit(0);
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
  process.on(signal, () => {
    resumeAll();
    process.exit(0);
  });
