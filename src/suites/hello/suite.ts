import type { Scenario, Suite } from '../types.js';

const TEXT_PLAIN = 'text/plain';

/** Ids the `param` load cycles through: digits and a slug form, so routing really parses. */
function userIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i % 4 === 3 ? `user-${i}` : String(1000 + i * 7)));
}

const text: Scenario = {
  name: 'text',
  description: 'GET / answers 200 "Hello, world!" as text/plain',
  load: [{ method: 'GET', path: '/' }],
  loadAnswerBody: () => 'Hello, world!',
  checks: [
    { request: { method: 'GET', path: '/' }, expect: { status: 200, contentType: TEXT_PLAIN, text: 'Hello, world!' } },
  ],
};

const json: Scenario = {
  name: 'json',
  description: 'GET /json answers 200 {"hello":"world"} as application/json',
  load: [{ method: 'GET', path: '/json' }],
  // Byte for byte: a target that writes the same JSON otherwise is checked by the checker only (load-answers.ts).
  loadAnswerBody: () => JSON.stringify({ hello: 'world' }),
  checks: [
    {
      request: { method: 'GET', path: '/json' },
      expect: { status: 200, contentType: 'application/json', json: { hello: 'world' } },
    },
  ],
};

const param: Scenario = {
  name: 'param',
  description: 'GET /user/:id answers the id as text/plain; the load cycles through 1,000 ids',
  load: userIds(1000).map((id) => ({ method: 'GET' as const, path: `/user/${id}` })),
  loadAnswerBody: (request) => decodeURIComponent(request.path.slice('/user/'.length)),
  checks: ['42', 'abc-7', userIds(1000)[998]].map((id) => ({
    request: { method: 'GET' as const, path: `/user/${id}` },
    expect: { status: 200, contentType: TEXT_PLAIN, text: id },
  })),
};

export const helloSuite: Suite = {
  name: 'hello',
  description: 'hello world: routing and the cost of answering text, JSON and a route parameter',
  reproduces:
    "mion's Hello World benchmarks (in the style of fastify/benchmarks) and the HTTP/1.1 part of the Tuft benchmark comparison",
  scenarios: [text, json, param],
  // verify and ab take json (mion's hello world, https://github.com/MionKit/Benchmarks) and param (routing: a release that slows its
  // router shows there); text costs what json costs less the serialization.
  defaultScenarios: ['json', 'param'],
  // The default run (`run` with no scenarios named): json alone, up to 16 rounds of 0.25 s windows,
  // each after 0.15 s of unmeasured load, ranked by the best quarter of the rounds. In its five
  // minutes one scenario gets twice the rounds two did, and a cell's standard error falls by
  // about √2 (1.3-1.6 % against 1.7-2.3 % for json and param in the same hour,
  // docs/stability.md). Runs of 16 rounds took 287-360 s
  // here, by how long the warm-ups and the hour's rounds took, so the run plans 16 and keeps
  // those that end within its budget of 295 s (measure/round-budget.ts): 16 in a quick hour,
  // 12 in the calm pairs measured with it (windows lengthened for their load), 9-12 in a noisy
  // hour. Re-read with fewer rounds
  // (`bench:stability --from … --rounds N`), the day's pairs held 74, 73 and 71 of 85 cells
  // with 16, 15 and 14.
  defaults: { rounds: { repeats: 16, durationSec: 0.25, trialWarmupSec: 0.15, scenarios: ['json'] } },
};
