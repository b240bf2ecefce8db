import { Option, type Command } from 'commander';
import { calibrate } from '../../calibrate/calibrate.js';
import { noiseProbeLines } from '../../calibrate/noise-lines.js';
import { NOISE_PROBE_SECONDS, probeMachineNoise } from '../../api/noise.js';
import { seconds } from '../options.js';
import { CALIBRATION_FILE, saveCalibration } from '../../results/calibration-file.js';
import { EXIT } from '../../core/exit-codes.js';
import { doctorChecks, doctorLines, INSTALL_ALL_OPTIONAL } from '../doctor-checks.js';

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .summary('installed and missing tools')
    .description('show which tools are installed, which are missing, and the command that installs each')
    .option('--json', 'machine-readable output', false)
    .option(
      '--calibrate',
      "measure each installed engine's own CPU time per request on this machine and save it for the reports",
      false,
    )
    .addOption(
      new Option(
        '--noise [seconds]',
        `measure how noisy this machine is now: node-http under the default run's load, window after window, for this many seconds (default: ${NOISE_PROBE_SECONDS})`,
      )
        .preset(String(NOISE_PROBE_SECONDS))
        .argParser(seconds('--noise')),
    )
    .option(
      '--no-idle-polling',
      "with --noise or --calibrate: leave a virtual machine's idle cores halting at once, as run's --no-idle-polling does",
    )
    .addHelpText(
      'after',
      `\nExamples:\n  gauntlet doctor\n  gauntlet doctor --json
  gauntlet doctor --calibrate     each engine's CPU time per request here
  gauntlet doctor --noise         how noisy is this machine now?
  gauntlet doctor --noise 60 --json\n\nEverything optional at once (Debian, as root):\n  apt-get update && ${INSTALL_ALL_OPTIONAL}\n\nExit code 4 when a required check is missing. More: gauntlet help engines.`,
    )
    .action(async (flags: { json: boolean; calibrate: boolean; noise?: number; idlePolling: boolean }) => {
      if (flags.noise !== undefined) {
        await probeAndPrint(flags.noise, flags.json, flags.idlePolling);
        return;
      }
      if (flags.calibrate) {
        const calibration = await calibrate((line) => console.log(line), flags.idlePolling);
        saveCalibration(calibration);
        console.log(`saved: ${CALIBRATION_FILE}`);
        return;
      }
      const checks = doctorChecks();
      if (flags.json) {
        console.log(JSON.stringify(checks, null, 2));
      } else {
        console.log(doctorLines(checks).join('\n'));
      }
      if (checks.some((c) => c.required && !c.found)) process.exitCode = EXIT.MISSING_TOOL;
    });
}

/** doctor --noise: Ctrl-C ends the probe after the current window and reports the windows so far. */
async function probeAndPrint(seconds: number, json: boolean, idlePolling: boolean): Promise<void> {
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => abort.abort(new Error(`interrupted by ${signal}`));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const probe = await probeMachineNoise({
      seconds,
      idlePolling,
      signal: abort.signal,
      report: (line) => (json ? console.error(line) : console.log(line)),
    });
    console.log(json ? JSON.stringify(probe, null, 2) : noiseProbeLines(probe).join('\n'));
  } catch (error) {
    if (!abort.signal.aborted) throw error;
    console.error(
      `${(abort.signal.reason as Error).message}: too few windows to tell the noise (${(error as Error).message})`,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  if (abort.signal.aborted) process.exitCode = EXIT.INTERRUPTED;
}
