/**
 * Load generators that are programs on PATH (wrk, h2load): whether one is installed, its
 * version, and the watch every run of one needs (a deadline, an abort signal, an early exit).
 * Shared by the wrk and h2load engines.
 */
import { spawnSync } from 'node:child_process';
import { findExecutable } from '../../proc/executables.js';
import type { GroupProcess } from '../../proc/process-group.js';
import type { EngineRunOptions } from '../engine.js';

const versions = new Map<string, string>();

/** First match of `pattern` (group 1) in what `command args` prints; read once per process. */
export function toolVersion(command: string, args: string[], pattern: RegExp): string {
  const key = `${command} ${args.join(' ')}`;
  let version = versions.get(key);
  if (version === undefined) {
    if (!findExecutable(command)) return 'missing';
    const ran = spawnSync(command, args, { encoding: 'utf8', timeout: 5000 });
    version = pattern.exec(`${ran.stdout ?? ''}\n${ran.stderr ?? ''}`)?.[1] ?? 'unknown';
    versions.set(key, version);
  }
  return version;
}

/** Complete lines of a stream, one call per line (without the newline). */
export function onLines(stream: NodeJS.ReadableStream | null | undefined, onLine: (line: string) => void): void {
  let partial = '';
  stream?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) onLine(line);
  });
}

/**
 * Watches one run of a generator process: `finish` settles it once, stopping the process
 * group (so nothing is left when the promise settles), on the deadline, an abort, or an exit
 * that came before `finish` was called with a result.
 */
export function watchRun<T>(
  name: string,
  proc: GroupProcess,
  options: EngineRunOptions,
  resolve: (value: T) => void,
  reject: (error: Error) => void,
): (error: Error | undefined, value?: T) => void {
  let settled = false;
  const onAbort = () =>
    finish(new Error(`load stopped: ${String((options.signal?.reason as Error | undefined)?.message ?? 'aborted')}`));
  const deadline = setTimeout(
    () => finish(new Error(`${name} did not finish within ${Math.round(options.deadlineMs / 1000)} s`)),
    options.deadlineMs,
  );
  const finish = (error: Error | undefined, value?: T) => {
    if (settled) return;
    settled = true;
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onAbort);
    void proc.stop(1000).then(() => (error ? reject(error) : resolve(value as T)));
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  return finish;
}

/** "exited with code 1: <last output>" for an error message. */
export function exitDescription(
  how: { code: number | null; signal: NodeJS.Signals | null },
  proc: GroupProcess,
): string {
  const output = proc.output.text();
  return `${how.signal ?? `code ${how.code}`}${output ? `: ${output}` : ' (no output)'}`;
}
