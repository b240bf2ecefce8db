import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { EngineFailure } from '../../src/engines/engine-failure.js';
import { ResponseReader } from '../../src/engines/node-http1/response-reader.js';
import { wrkScript } from '../../src/engines/wrk/lua.js';
import type { Trial } from '../../src/model/schema.js';
import { failureCause, retryEngineFailure } from '../../src/measure/engine-retry.js';
import { checkRate, FIRST_WINDOW_RATE, LoadChecker, MAX_IN_FLIGHT } from '../../src/measure/load-checker.js';
import { loadRateOf } from '../../src/measure/checked-trial.js';
import { loadAnswers } from '../../src/measure/load-answers.js';
import { distinctWrongAnswers, engineChecks, type WrongAnswer } from '../../src/measure/wrong-answers.js';
import { helloSuite } from '../../src/suites/hello/suite.js';

type Attempt = Pick<Trial, 'status' | 'flags' | 'reason' | 'engineFailures'>;
const died = (signal: string): Attempt => ({
  status: 'failed',
  flags: ['engine-failed'],
  reason: `the engine h2load failed, not the target: h2load failed (${signal})`,
  engineFailures: [
    { engine: 'h2load', reason: `h2load failed (${signal})`, code: null, signal, stderr: 'starting benchmark...' },
  ],
});
const measured: Attempt = { status: 'ok', flags: [] };
const notAborted = new AbortController().signal;

test('a trial fails for the target only when the target died; a crashed engine is the engine', () => {
  const crash = new EngineFailure('h2load failed (SIGABRT)', 'h2load', { code: null, signal: 'SIGABRT' }, 'abort');
  assert.equal(failureCause(crash, false), 'engine-failed');
  assert.equal(failureCause(crash, true), 'target-died', 'a dying target can take the engine with it');
  assert.equal(failureCause(new Error('h2load did not finish within 30 s'), false), 'other');
  assert.equal(failureCause(new Error('load stopped: target exited'), true), 'target-died');
});

test('an engine failure is run once more and kept; twice fails the trial as the engine, not the target', async () => {
  const once = [died('SIGABRT'), measured];
  const retried = await retryEngineFailure(async () => once.shift()!, notAborted);
  assert.equal(retried.status, 'ok');
  assert.equal(retried.engineFailures?.length, 1, 'the first failure stays in the trial');
  assert.equal(retried.engineFailures?.[0].stderr, 'starting benchmark...');

  let runs = 0;
  const twice = await retryEngineFailure(async () => {
    runs++;
    return died(runs === 1 ? 'SIGABRT' : 'SIGSEGV');
  }, notAborted);
  assert.equal(runs, 2, 'run once more, not again');
  assert.equal(twice.status, 'failed');
  assert.deepEqual(twice.flags, ['engine-failed']);
  assert.deepEqual(
    twice.engineFailures?.map((f) => f.signal),
    ['SIGABRT', 'SIGSEGV'],
  );
  assert.match(twice.reason!, /engine h2load failed, not the target.*first try too/);

  let other = 0;
  const target = await retryEngineFailure(async () => {
    other++;
    const targetDied: Attempt = { status: 'failed', flags: [], reason: 'the target died during the trial (SIGKILL)' };
    return targetDied;
  }, notAborted);
  assert.equal(other, 1, 'a target that died is not given a second trial');
  assert.equal(target.engineFailures, undefined);
});

/** A reader that expects `expected` for every 200 answer, and what it saw. */
function checkingReader(expected: string) {
  const seen: Array<Buffer | null | undefined> = [];
  const reader = new ResponseReader({
    expectedBody: (status) => (status === 200 ? Buffer.from(expected) : undefined),
    response: (_status, _closes, wrongBody) => seen.push(wrongBody),
  });
  return { seen, reader };
}

const answer200 = (body: string) => `HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

test('node-http1 reads every body: the right one passes, a same-length wrong one is kept, at any split', () => {
  const all = Buffer.from(
    `${answer200('{"hello":"world"}') + answer200('{"hello":"w0rld"}')}HTTP/1.1 404 \r\ncontent-length: 3\r\n\r\nno!`,
  );
  for (let cut = 1; cut < all.length; cut++) {
    const { seen, reader } = checkingReader('{"hello":"world"}');
    reader.feed(all.subarray(0, cut));
    reader.feed(all.subarray(cut));
    assert.equal(seen.length, 3, `cut at ${cut}`);
    assert.equal(seen[0], null, 'the right body');
    assert.equal(seen[1]?.toString(), '{"hello":"w0rld"}', `the wrong body, whole (cut at ${cut})`);
    assert.equal(seen[2], undefined, 'another status is not compared');
  }
});

test('node-http1: shorter, longer and chunked bodies are compared too', () => {
  const { seen, reader } = checkingReader('Hello, world!');
  reader.feed(Buffer.from(answer200('Hello, world')));
  reader.feed(Buffer.from(answer200('Hello, world!!')));
  reader.feed(
    Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n8\r\n, world!\r\n0\r\n\r\n'),
  );
  reader.feed(
    Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n8\r\n, w0rld!\r\n0\r\n\r\n'),
  );
  assert.equal(seen[0]?.toString(), 'Hello, world', 'short by one byte');
  assert.equal(seen[1]?.toString(), 'Hello, world!!', 'one byte too many');
  assert.equal(seen[2], null, 'chunked, right');
  assert.equal(seen[3]?.toString(), 'Hello, w0rld!', 'chunked, wrong');
});

test('wrk checks bodies against the set of right answers in its response()', () => {
  const param = helloSuite.scenarios.find((s) => s.name === 'param')!;
  const script = wrkScript({
    baseUrl: 'http://127.0.0.1:3000',
    requests: param.load,
    expectedAnswers: param.load.map((request) => ({ status: 200, body: param.loadAnswerBody!(request) })),
    connections: 10,
    pipelining: 10,
    warmupSec: 0,
    durationSec: 1,
    timeoutSec: 1,
  });
  assert.match(script, /add\("GET", "\/user\/1000", nil, nil, 200, "1000"\)/);
  assert.match(script, /if right\[body\] then return end/);
  assert.match(script, /"bodyCheck":\{"compared":%d,"wrong":%d,"samples":\[%s\]\}/);
  const plain = wrkScript({
    ...{ baseUrl: 'http://127.0.0.1:3000', requests: param.load },
    connections: 1,
    pipelining: 1,
    warmupSec: 0,
    durationSec: 1,
    timeoutSec: 1,
  });
  assert.doesNotMatch(plain, /"bodyCheck"|right\[body\]/, 'no answers, no check');
});

test('the hello scenarios say every body of their load', () => {
  const bodies = Object.fromEntries(
    helloSuite.scenarios.map((s) => [s.name, s.loadAnswerBody?.(s.load[s.load.length - 1])]),
  );
  assert.deepEqual(bodies, { text: 'Hello, world!', json: '{"hello":"world"}', param: 'user-999' });
});

test('the checker sends its share of the measured rate, and in a first window no more than FIRST_WINDOW_RATE', () => {
  assert.equal(checkRate({ kind: 'known', ratePerSec: 20_000 }, 0.005), 100);
  assert.equal(checkRate({ kind: 'closed', inFlight: 1000 }, 0.005), FIRST_WINDOW_RATE);
  // 10 requests in flight answered in 100 ms: about 100 req/s, so half a check a second
  assert.equal(checkRate({ kind: 'closed', inFlight: 10 }, 0.005, 100), 0.5);
  assert.equal(checkRate({ kind: 'closed', inFlight: 1000 }, 0.005, 5), FIRST_WINDOW_RATE);
  const load = { connections: 100, pipelining: 10, warmupSec: 0, durationSec: 1, timeoutSec: 10 };
  assert.deepEqual(loadRateOf(load, undefined), { kind: 'closed', inFlight: 1000 });
  assert.deepEqual(loadRateOf(load, 25_000), { kind: 'known', ratePerSec: 25_000 });
  const rate = { kind: 'rate' as const, stages: [{ from: 100, to: 1000, durationSec: 10 }] };
  assert.deepEqual(loadRateOf({ ...load, profile: rate }, 25_000), { kind: 'known', ratePerSec: 100 });
});

test('what an engine checked, and wrong answers kept once each', () => {
  const found = engineChecks('node-http1', {
    bodyCheck: {
      kind: 'each',
      compared: 100,
      wrong: 2,
      samples: [
        { request: 'GET /json', status: 200, body: '{"hello":"w0rld"}', expected: '{"hello":"world"}' },
        { request: 'GET /json', status: 200, body: '{"hello":"w0rld"}', expected: '{"hello":"world"}' },
      ],
    },
  });
  assert.deepEqual(found.checks, { engine: 'node-http1', checks: 'bodies', compared: 100, wrong: 2 });
  assert.equal(found.wrong[0].reason, 'JSON body {"hello":"w0rld"}, expected {"hello":"world"}');
  assert.equal(distinctWrongAnswers(found.wrong).length, 1);
  assert.equal(engineChecks('h2load', {}).checks.checks, 'status');
  const set = engineChecks('wrk', {
    bodyCheck: {
      kind: 'set',
      compared: 10,
      wrong: 1,
      samples: [
        {
          request: 'one of the 1000 requests of the load',
          status: 200,
          body: '1008',
          expected: "one of the load's 1000 right answers",
        },
      ],
    },
  });
  assert.equal(set.checks.checks, 'body-set');
  assert.equal(set.wrong[0].reason, `body "1008" is none of the load's 1000 right answers`);
});

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('the checker judges answers as verification does and keeps the wrong ones with the request', async () => {
  let served = 0;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(++served % 2 === 0 ? '{"hello":"w0rld"}' : '{"hello":"world"}');
  });
  const baseUrl = await listening(server);
  try {
    const json = helloSuite.scenarios.find((s) => s.name === 'json')!;
    const checker = new LoadChecker({
      baseUrl,
      protocol: 'http1',
      checks: json.checks,
      load: { kind: 'known', ratePerSec: 10_000 },
      timeoutMs: 2000,
      share: 0.005,
    });
    await checker.prepare();
    const prepared = served;
    checker.loadStart();
    // Back to back before the window: 20 answers (and the 8 then in flight) well within 350 ms,
    // where the window's pace of about 50 a second would give 17. A busy machine has taken 7 ms
    // an answer here.
    const startedAt = Date.now();
    while (served - prepared < 20 + MAX_IN_FLIGHT && Date.now() - startedAt < 350)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const before = served;
    checker.begin();
    await new Promise((resolve) => setTimeout(resolve, 250));
    checker.end();
    const record = await checker.finished();
    assert.ok(record.beforeWindow >= 20, `back to back before the window: ${record.beforeWindow}`);
    const inWindow = served - before;
    assert.ok(inWindow >= 5 && inWindow <= 30, `about 50 a second for 0.25 s in the window: ${inWindow}`);
    assert.ok(record.wrong >= 1, 'every second answer is wrong');
    const wrong: WrongAnswer = record.wrongAnswers[0];
    assert.equal(wrong.by, 'checker');
    assert.equal(wrong.request, 'GET /json');
    assert.equal(wrong.body, '{"hello":"w0rld"}');
    assert.match(wrong.reason, /JSON body \{"hello":"w0rld"\}, expected \{"hello":"world"\}/);
  } finally {
    server.close();
  }
});

test('no checks at a share of 0 (the cost bench runs without the checker)', async () => {
  const checker = new LoadChecker({
    baseUrl: 'http://127.0.0.1:9',
    protocol: 'http1',
    checks: helloSuite.scenarios[0].checks,
    load: { kind: 'known', ratePerSec: 10_000 },
    timeoutMs: 100,
    share: 0,
  });
  await checker.prepare();
  checker.begin();
  checker.end();
  assert.equal((await checker.finished()).sent, 0);
});

test('the engine checks bodies a target writes as declared; a right answer written otherwise turns it off, a wrong one does not', async () => {
  const json = helloSuite.scenarios.find((s) => s.name === 'json')!;
  const serving = async (body: string) => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    return { server, baseUrl: await listening(server) };
  };
  for (const [body, on] of [
    ['{"hello":"world"}', true],
    ['{"hello": "world"}', false],
    ['{"hello":"w0rld"}', true],
  ] as const) {
    const { server, baseUrl } = await serving(body);
    try {
      const found = await loadAnswers(baseUrl, json, 'http1');
      assert.equal('answers' in found, on, `${body}: ${JSON.stringify(found)}`);
      if ('answers' in found) assert.deepEqual(found.answers, [{ status: 200, body: '{"hello":"world"}' }]);
      else assert.match(found.off, /written otherwise/);
    } finally {
      server.close();
    }
  }
});
