import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CALIBRATION_FILE } from '../../src/calibrate/calibration-file.js';
import { resultSchema } from '../../src/results/schema.js';
import { leftoverProcesses, runCli, runFolder, tempDir } from '../helpers/cli.js';

test('doctor --calibrate measures each engine against the bare server, and runs then report the ceiling', async () => {
  const calibrated = await runCli(['doctor', '--calibrate']);
  assert.equal(calibrated.code, 0, calibrated.stderr);
  assert.match(calibrated.stdout, /autocannon: [\d.]+ µs CPU per request, ceiling ≈ [\d,]+ req\/s on one core/);
  const file = JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')) as { engines: Record<string, { usPerRequest: number; ceilingRequestsPerSec: number }> };
  const autocannon = file.engines.autocannon;
  assert.ok(autocannon.usPerRequest > 0 && Math.abs(autocannon.ceilingRequestsPerSec * autocannon.usPerRequest - 1e6) < 1);
  assert.deepEqual(await leftoverProcesses(calibrated.mark), []);

  const out = tempDir('calibrated');
  const run = await runCli(['run', '--targets', 'node-http', '--scenarios', 'text', '--repeats', '1', '--warmup', '0', '--out', out, '--quiet']);
  assert.equal(run.code, 0, run.stderr);
  const result = resultSchema.parse(JSON.parse(readFileSync(join(runFolder(out), 'result.json'), 'utf8')));
  // --engine auto picked the scenario's engine (h2load where installed): its own calibration is recorded and reported.
  const engine = result.environment.engine.name;
  assert.equal(result.environment.scenarioEngines?.text.name, engine);
  assert.equal(result.environment.engine.calibration?.usPerRequest, file.engines[engine]?.usPerRequest, `the calibration of ${engine}`);
  assert.match(run.stdout, new RegExp(`${engine} costs [\\d.]+ µs CPU per request here, a ceiling of about [\\d,]+ req/s`));
});
