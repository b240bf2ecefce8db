import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result, Trial } from '../../src/model/schema.js';
import { noiseCaveat, otherScenariosLine, scenarioVerdict } from '../../src/report/html/verdict.js';
import { defaultRunResult } from '../helpers/default-run-result.js';
import { reportResult } from '../helpers/report-result.js';
import { measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

/** The sentence with its non-breaking spaces as plain ones, to compare with plain text. */
const sentence = (result: Result, scenario: string) =>
  scenarioVerdict(result, scenario).sentence.replace(/\u00a0/g, ' ');

/** Three rounds of `base` and `other` in scenario text at these req/s; undefined: every trial failed. */
function twoTargets(baseRate: number | undefined, otherRate: number | undefined): Result {
  const trials: Trial[] = [];
  for (const round of [1, 2, 3]) {
    for (const [target, rate] of [
      ['base', baseRate],
      ['other', otherRate],
    ] as const) {
      trials.push(trial(target, 'text', round, rate === undefined ? undefined : measurement(rate * (1 + round / 100))));
    }
  }
  return summarizedResult(plan(), trials);
}

test('the verdict names the best target other than the baseline, at its share of the baseline', () => {
  const result = reportResult();
  assert.equal(
    sentence(result, 'text'),
    "fastify leads the text scenario at 108 % of node-http's req/s; 5 targets ranked, 1 not measured.",
  );
  assert.equal(
    sentence(result, 'json'),
    "fastify leads the json scenario at 108 % of node-http's req/s; 3 targets ranked, 3 not measured.",
  );
  assert.match(
    sentence(result, 'param'),
    /^fastify \(flagged generator-bound\) leads the param scenario/,
    'a flagged leader says so',
  );
  assert.match(
    sentence(twoTargets(1000, 700), 'text'),
    /^other leads the text scenario at 70 % of base's req\/s; 2 targets ranked\.$/,
  );
});

test('the verdict says when the leader and the runner-up are too close to tell apart', () => {
  assert.match(
    sentence(defaultRunResult(), 'json'),
    /^\S+ (\(flagged [^)]+\) )?leads the json scenario at \d+ % of node-http's req\/s \(95 % interval \d+–\d+ %\), with \S+ \(\d+ %\) too close to tell apart; 17 targets ranked, 2 not measured\.$/,
  );
});

test('the verdict is honest when nothing is ranked', () => {
  assert.equal(
    sentence(twoTargets(undefined, undefined), 'text'),
    'Nothing was measured in the text scenario: none of its 2 targets has figures (see Warnings and problems).',
  );
  assert.equal(
    sentence(twoTargets(1000, undefined), 'text'),
    'Only the baseline base has figures in the text scenario, so there is nothing to rank against it; 1 target measured, 1 not measured.',
  );
  assert.equal(
    sentence(twoTargets(undefined, 900), 'text'),
    'other answered the most requests per second in the text scenario (918 req/s); the baseline base has no figures there, so nothing is ranked against it; 1 target measured, 1 not measured.',
  );
});

test('a run that warned of noise says so beside the verdict; a calm one does not', () => {
  assert.match(noiseCaveat(defaultRunResult()), /too noisy to repeat \(noisy-ratios, /);
  assert.equal(noiseCaveat(twoTargets(1000, 700)), '');
});

test('the other scenarios of a run: their leaders, or how often each leads', () => {
  const verdict = (scenario: string, leader?: string) => ({ scenario, sentence: '', leader, share: 1.2 });
  assert.equal(otherScenariosLine([verdict('a', 'x')], 'base'), '');
  assert.equal(
    otherScenariosLine([verdict('a', 'x'), verdict('b', 'x'), verdict('c', 'y')], 'base').replace(/\u00a0/g, ' '),
    "In the other scenarios, x leads b (120 % of base) and y leads c (120 % of base); each scenario's ranking is in its section below.",
  );
  assert.equal(
    otherScenariosLine(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((s, i) => verdict(s, i === 5 ? undefined : i < 3 ? 'x' : 'y')),
      'base',
    ),
    "x leads 2 of the other 5 scenarios, y 2; nothing ranked in 1 scenario; each scenario's ranking is in its section below.",
  );
});
