/**
 * Cluster mode (--workers N): the primary process forks N workers that all run the target's
 * app on the same port (node:cluster shares the listening socket), like PM2's `-i max` in the
 * Tuft benchmark comparison (https://github.com/tuftjs/bench). Workers live in the primary's
 * process group, so gauntlet's group stop ends them. A worker that dies ends the whole target:
 * the trial fails with its exit code, as a crash of a single-process target would.
 */
import cluster from 'node:cluster';

const [appFile, count] = process.argv.slice(2);
const workers = Number(count);
if (!appFile || !Number.isInteger(workers) || workers < 1) {
  console.error('usage: cluster-primary <app file> <workers>');
  process.exit(2);
}

cluster.setupPrimary({ exec: appFile });
let stopping = false;
for (let i = 0; i < workers; i++) cluster.fork();

let listening = 0;
cluster.on('listening', () => {
  if (++listening === workers) console.log(`[cluster] ${workers} worker(s) listening`);
});
cluster.on('exit', (worker, code, signal) => {
  if (stopping) return;
  stopping = true;
  console.error(`[cluster] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}): stopping the target`);
  for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
}
// The workers watch their own parent (exitWhenOrphaned); the primary watches gauntlet.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();
