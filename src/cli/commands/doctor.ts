import type { Command } from 'commander';
import { calibrate } from '../../calibrate/calibrate.js';
import { CALIBRATION_FILE, saveCalibration } from '../../results/calibration-file.js';
import { EXIT } from '../../core/exit-codes.js';
import { terminalTable } from '../../report/terminal-table.js';
import { doctorChecks, INSTALL_ALL_OPTIONAL } from '../doctor-checks.js';

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('what is installed, what is missing, and the command that installs it')
    .option('--json', 'machine-readable output', false)
    .option(
      '--calibrate',
      "measure each installed engine's CPU cost per request on this machine (about 5 s each) and keep it for reports",
      false,
    )
    .addHelpText(
      'after',
      `\nExamples:\n  gauntlet doctor\n  gauntlet doctor --json
  gauntlet doctor --calibrate     each engine's CPU per request here, for the reports\n\nEverything optional at once (Debian, as root):\n  apt-get update && ${INSTALL_ALL_OPTIONAL}\n\nExit code 4 when a required check is missing.`,
    )
    .action(async (flags: { json: boolean; calibrate: boolean }) => {
      if (flags.calibrate) {
        const calibration = await calibrate((line) => console.log(line));
        saveCalibration(calibration);
        console.log(`saved: ${CALIBRATION_FILE}`);
        return;
      }
      const checks = doctorChecks();
      if (flags.json) {
        console.log(JSON.stringify(checks, null, 2));
      } else {
        const table = terminalTable(['', 'what', 'for', 'found', 'install with']);
        for (const c of checks)
          table.push([
            c.found ? 'ok' : c.required ? 'MISSING' : '-',
            c.name,
            c.purpose,
            c.detail,
            c.found ? '' : (c.install ?? ''),
          ]);
        console.log(table.toString());
        console.log(`\nAll optional tools at once (Debian, as root):\n  apt-get update && ${INSTALL_ALL_OPTIONAL}`);
      }
      if (checks.some((c) => c.required && !c.found)) process.exitCode = EXIT.MISSING_TOOL;
    });
}
