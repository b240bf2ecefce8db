import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { UserError } from '../../src/core/errors.js';
import { Journal } from '../../src/results/journal.js';
import { loadResult, parseResult, writeResult } from '../../src/results/store.js';
import { tempDir } from '../helpers/temp-dir.js';
import { environment, measurement, plan, trial } from '../helpers/synthetic.js';

function journalWithTrials(dir: string, finished: boolean): Journal {
  const journal = Journal.create(join(dir, 'journal.ndjson'), {
    id: 'run-1',
    startedAt: new Date(0).toISOString(),
    environment: environment(),
    plan: plan(),
    targets: [],
    unavailable: [],
  });
  journal.verification({ target: 'base', round: 1, ok: true, failures: [] });
  journal.trial(trial('base', 'text', 1, measurement(1000)));
  journal.trial(trial('other', 'text', 1, measurement(800)));
  if (finished) journal.end({ finishedAt: new Date(1).toISOString(), complete: true });
  return journal;
}

test('a finished journal becomes a complete, valid result that survives a round trip', () => {
  const dir = tempDir('journal');
  journalWithTrials(dir, true);
  const result = loadResult(dir);
  assert.equal(result.complete, true);
  assert.equal(result.trials.length, 2);
  assert.equal(result.summaries.find((s) => s.target === 'other')!.ratioToBaseline, 0.8);
  writeResult(dir, result);
  assert.deepEqual(
    loadResult(join(dir, 'result.json')),
    JSON.parse(JSON.stringify(result)),
    'what is written reads back the same',
  );
});

test('an unfinished journal with a torn last line still gives its finished trials', () => {
  const dir = tempDir('torn');
  const journal = journalWithTrials(dir, false);
  appendFileSync(journal.file, '{"kind":"trial","trial":{"index":9,"rou'); // crash mid-write
  const result = loadResult(join(dir, 'journal.ndjson'));
  assert.equal(result.complete, false);
  assert.match(result.interruption!, /stopped before it finished/);
  assert.equal(result.trials.length, 2);
  assert.ok(result.warnings.some((w) => w.kind === 'incomplete'));
});

test('a result of another schema version is refused with what is wrong', () => {
  const dir = tempDir('schema');
  journalWithTrials(dir, true);
  const file = writeResult(dir, loadResult(dir));
  const document = JSON.parse(readFileSync(file, 'utf8'));
  document.schemaVersion = 99;
  delete document.plan.repeats;
  writeFileSync(file, JSON.stringify(document));
  assert.throws(
    () => loadResult(file),
    (error: unknown) =>
      error instanceof UserError && /schemaVersion/.test(error.message) && /repeats/.test(error.message),
  );
});

test('parseResult refuses something that is not a result at all', () => {
  assert.throws(() => parseResult({ hello: 'world' }, 'x.json'), /x\.json is not a gauntlet result/);
  assert.throws(() => loadResult('/nonexistent/result.json'), /does not exist/);
});
