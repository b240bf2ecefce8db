import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeAnswer } from '../../src/measure/verify.js';
import type { Check } from '../../src/suites/types.js';

const text: Check = {
  request: { method: 'GET', path: '/' },
  expect: { status: 200, contentType: 'text/plain', text: 'Hello, world!' },
};
const json: Check = {
  request: { method: 'GET', path: '/json' },
  expect: { status: 200, contentType: 'application/json', json: { hello: 'world' } },
};
const answer = (status: number, type: string | undefined, body: string, headers: Record<string, string> = {}) => ({
  status,
  headers: { ...(type ? { 'content-type': type } : {}), ...headers },
  body,
});

test('a right answer passes, with or without a charset', () => {
  assert.equal(judgeAnswer(text, answer(200, 'text/plain; charset=utf-8', 'Hello, world!')), undefined);
  assert.equal(judgeAnswer(text, answer(200, 'text/plain', 'Hello, world!')), undefined);
  assert.equal(judgeAnswer(json, answer(200, 'application/json', '{ "hello": "world" }')), undefined);
});

test('each kind of wrong answer is named', () => {
  assert.match(judgeAnswer(text, answer(404, 'text/plain', 'nope'))!, /status 404, expected 200/);
  assert.match(judgeAnswer(text, answer(200, 'text/html', 'Hello, world!'))!, /content-type "text\/html"/);
  assert.match(judgeAnswer(text, answer(200, undefined, 'Hello, world!'))!, /content-type ""/);
  assert.match(judgeAnswer(text, answer(200, 'text/plain', 'Hello, World'))!, /body "Hello, World"/);
  assert.match(judgeAnswer(json, answer(200, 'application/json', '{"hello":"World"}'))!, /JSON body/);
  assert.match(judgeAnswer(json, answer(200, 'application/json', 'hello'))!, /not JSON/);
});

test('required headers: missing, exact and pattern', () => {
  const check: Check = {
    ...text,
    expect: { ...text.expect, headers: { 'cache-control': 'no-store', 'set-cookie': /^session=/ } },
  };
  assert.match(judgeAnswer(check, answer(200, 'text/plain', 'Hello, world!'))!, /header cache-control is missing/);
  assert.match(
    judgeAnswer(
      check,
      answer(200, 'text/plain', 'Hello, world!', { 'cache-control': 'public', 'set-cookie': 'session=1' }),
    )!,
    /cache-control: "public"/,
  );
  assert.equal(
    judgeAnswer(
      check,
      answer(200, 'text/plain', 'Hello, world!', { 'cache-control': 'no-store', 'set-cookie': 'session=1' }),
    ),
    undefined,
  );
});
