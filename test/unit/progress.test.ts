import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import type { Trial } from '../../src/model/schema.js';
import { LineProgress } from '../../src/measure/progress.js';

test("the ETA counts from the first trial, not from the targets' starts before it", (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 0 });
  const lines: string[] = [];
  t.mock.method(process.stderr, 'write', (chunk: string) => {
    lines.push(chunk);
    return true;
  });
  const progress = new LineProgress(10);
  progress.task('starting fastify, warming up');
  t.mock.timers.tick(100_000); // every target starts and warms up first
  progress.trialStarted(1, 'fastify', 'json');
  t.mock.timers.tick(2_000);
  progress.trialFinished({ target: 'fastify', scenario: 'json', status: 'ok' } as Trial);
  progress.trialStarted(1, 'koa', 'json');
  mock.restoreAll();
  assert.ok(lines.includes('starting fastify, warming up\n'));
  // 2 s a trial, 9 left: 18 s (counting the starts would have said 918 s).
  assert.match(lines.at(-1)!, /\[2\/10\] round 1: koa \/ json \(ETA 18 s\)/);
});
