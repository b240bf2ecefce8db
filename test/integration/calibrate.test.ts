import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { leftoverProcesses, resultOf, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

test('doctor --calibrate measures each engine against the bare server, and runs then report the ceiling', async () => {
  // Into a file of the test's own: a calibration someone measured on a quiet machine stays.
  const CALIBRATION_FILE = join(tempDir('calibration'), 'calibration.json');
  // Half-second windows: the test checks what is recorded and reported, not the figures.
  const env = { GAUNTLET_CALIBRATION_FILE: CALIBRATION_FILE, GAUNTLET_CALIBRATION_SEC: '0.5' };
  const calibrated = await runCli(['doctor', '--calibrate'], env);
  assert.equal(calibrated.code, 0, calibrated.stderr);
  assert.match(calibrated.stdout, /autocannon: [\d.]+ µs CPU per request, ceiling ≈ [\d,]+ req\/s on one core/);
  type Figure = { usPerRequest: number; ceilingRequestsPerSec: number };
  const file = JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')) as {
    engines: Record<string, Figure & { unpipelined?: Figure }>;
  };
  const autocannon = file.engines.autocannon;
  assert.ok(
    autocannon.usPerRequest > 0 && Math.abs(autocannon.ceilingRequestsPerSec * autocannon.usPerRequest - 1e6) < 1,
  );
  assert.ok(autocannon.unpipelined && autocannon.unpipelined.usPerRequest > 0, 'measured without pipelining too');
  assert.deepEqual(await leftoverProcesses(calibrated.mark), []);

  const out = tempDir('calibrated');
  const run = await runCli(
    [
      'run',
      '--targets',
      'node-http',
      '--scenarios',
      'text',
      '--repeats',
      '1',
      '--warmup',
      '0',
      '--out',
      out,
      '--quiet',
    ],
    env,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  // --engine auto picked the scenario's engine (h2load where installed): its own calibration is recorded and reported.
  const engine = result.environment.engine.name;
  assert.equal(result.environment.scenarioEngines?.text.name, engine);
  assert.equal(
    result.environment.engine.calibration?.usPerRequest,
    file.engines[engine]?.usPerRequest,
    `the calibration of ${engine}`,
  );
  // the terminal wraps long lines to 120 columns: read the text with its line breaks as spaces
  assert.match(
    run.stdout.replace(/\s+/g, ' '),
    new RegExp(
      `${engine} costs [\\d.]+ µs CPU per request here, a ceiling of about [\\d,]+ req/s on one core: calibrated [\\d-]+ at pipelining 10`,
    ),
  );

  // Without pipelining, the figure measured without pipelining is the one that applies.
  const out1 = tempDir('calibrated-p1');
  const unpipelined = await runCli(
    [
      'run',
      '--targets',
      'node-http',
      '--scenarios',
      'text',
      '--repeats',
      '1',
      '--warmup',
      '0',
      '--pipelining',
      '1',
      '--out',
      out1,
      '--quiet',
    ],
    env,
  );
  assert.equal(unpipelined.code, 0, unpipelined.stderr);
  const result1 = resultOf(out1);
  const engine1 = result1.environment.engine;
  assert.equal(engine1.calibration?.usPerRequest, file.engines[engine1.name]?.unpipelined?.usPerRequest);
  assert.equal(engine1.calibration?.pipelining, 1);
});
