/**
 * A reader that stops early (`gauntlet run --help | head`) closes the pipe: what is left to
 * print has nowhere to go, and that is no crash. The program carries on, so a run or a bench
 * still writes its files; any other error on the stream is still thrown.
 */
export function ignoreClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}
