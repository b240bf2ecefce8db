/**
 * The Lua script gauntlet hands wrk for one trial: which requests to send (cycling through
 * the spec's requests, `pipelining` of them per write, built with wrk.format as wrk's own
 * scripts/pipeline.lua does), a count of responses per status in every thread, and a done()
 * that prints every figure as one JSON line, so nothing is scraped from wrk's text. Latency
 * goes out as wrk's whole histogram, which gauntlet summarises itself (histogram.ts).
 *
 * done() then parks wrk for a few seconds: gauntlet reads the generator's CPU time from
 * /proc/<pid> when the window ends, which a process that already exited no longer has.
 * gauntlet stops wrk as soon as it has read the line; the park only bounds how long a wrk
 * whose gauntlet died outlives it.
 */
import type { LoadSpec } from '../engine.js';
import type { RequestSpec } from '../../suites/types.js';

/** Prefix of the result line in wrk's stdout. */
export const RESULT_MARKER = 'GAUNTLET-WRK-RESULT ';
/** The line done() prints first: the measured window is over. */
export const WINDOW_END_MARKER = 'GAUNTLET-WRK-WINDOW-END';
/** Seconds done() waits for gauntlet to read /proc and stop it. */
export const PARK_SEC = 5;
/** Above this many requests in one cycle of batches, batches are joined per write instead of built up front. */
const MAX_PREBUILT_REQUESTS = 100_000;
/** Requests per generated Lua function (LuaJIT caps constants per function). */
const REQUESTS_PER_CHUNK = 2000;

/** The figures done() prints (times in microseconds, as wrk keeps them). */
export interface WrkResult {
  requests: number;
  bytes: number;
  durationUs: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  /** [latency µs, count] per non-empty bucket of wrk's histogram, ascending, after wrk's own correction (see histogram.ts). */
  latencyBuckets: Array<[number, number]>;
  statuses: Record<string, number>;
  /** With LoadSpec.expectedAnswers: bodies of an expected status compared, those that were none of the right answers, and the first few of those (hex). */
  bodyCheck?: { compared: number; wrong: number; samples: string[] };
}

/** A Lua string literal holding exactly the UTF-8 bytes of `text`. */
export function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte === 0x22) out += '\\"';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${String(byte).padStart(3, '0')}`; // three decimal digits: a digit after it cannot extend it
  }
  return `${out}"`;
}

/** Request target (path and query) of a spec path against the base URL. */
export function requestTarget(baseUrl: string, path: string): string {
  const url = new URL(path, baseUrl);
  return `${url.pathname}${url.search}`;
}

/** Headers as a Lua table literal for wrk.format, or nil. Host keeps wrk's spelling; Content-Length is wrk's to set. */
function luaHeaders(headers: Record<string, string> | undefined): string {
  const entries = Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-length');
  if (entries.length === 0) return 'nil';
  const fields = entries.map(
    ([name, value]) => `[${luaString(name.toLowerCase() === 'host' ? 'Host' : name)}] = ${luaString(value)}`,
  );
  return `{ ${fields.join(', ')} }`;
}

function luaRequest(spec: LoadSpec, request: RequestSpec, index: number): string {
  const body = request.body === undefined ? 'nil' : luaString(request.body);
  const answer = spec.expectedAnswers?.[index];
  const expected = answer ? `, ${answer.status}, ${luaString(answer.body)}` : '';
  return `add(${luaString(request.method)}, ${luaString(requestTarget(spec.baseUrl, request.path))}, ${luaHeaders(request.headers)}, ${body}${expected})`;
}

/** Bytes of a wrong body wrk keeps (as hex) for the result. */
const SAMPLE_BYTES = 200;
/** Wrong bodies wrk keeps per thread. */
const SAMPLES = 3;

/**
 * response() with the load's answers: a status count, and where the load says its answers, a
 * lookup of each body of an expected status in the set of right bodies. wrk does not say which
 * request an answer is for, so with a cycle of requests a body is right when it is any of the
 * cycle's answers (one request: exactly its answer). wrk hands every body to response() already
 * (it counts statuses there): the check adds one table lookup per response.
 */
function luaResponse(checked: boolean): string[] {
  if (!checked) return ['function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end'];
  return [
    'compared, wrong, wrongBodies = 0, 0, {}',
    'function response(status, headers, body)',
    '  statuses[status] = (statuses[status] or 0) + 1',
    '  local right = answers[status]',
    '  if right == nil then return end',
    '  compared = compared + 1',
    '  if right[body] then return end',
    '  wrong = wrong + 1',
    `  if #wrongBodies < ${SAMPLES} then wrongBodies[#wrongBodies + 1] = string.sub(body, 1, ${SAMPLE_BYTES}) end`,
    'end',
  ];
}

/** done()'s part of the result line for the body check: `,"bodyCheck":{...}` merged over the threads, or nothing. */
function luaBodyCheckField(checked: boolean): string[] {
  if (!checked) return ['  local bodyCheck = ""'];
  return [
    '  local c, w, hex = 0, 0, {}',
    '  for _, thread in ipairs(threads) do',
    '    c = c + (thread:get("compared") or 0)',
    '    w = w + (thread:get("wrong") or 0)',
    '    for _, b in ipairs(thread:get("wrongBodies") or {}) do',
    `      if #hex < ${SAMPLES} then hex[#hex + 1] = '"' .. (b:gsub(".", function(ch) return string.format("%02x", string.byte(ch)) end)) .. '"' end`,
    '    end',
    '  end',
    `  local bodyCheck = string.format(',"bodyCheck":{"compared":%d,"wrong":%d,"samples":[%s]}', c, w, table.concat(hex, ","))`,
  ];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function wrkScript(spec: LoadSpec): string {
  if (spec.requests.length === 0) throw new Error('wrk: the load has no requests');
  const pipelining = Math.max(1, Math.floor(spec.pipelining));
  const checked = spec.expectedAnswers !== undefined;
  const lines = [
    `-- Generated by gauntlet: ${spec.requests.length} request(s) in a cycle, ${pipelining} per write.`,
    'local specs = {}',
    // answers[status][body]: the right bodies of each expected status (LoadSpec.expectedAnswers)
    'answers = {}',
    'local function add(method, path, headers, body, status, answer)',
    '  specs[#specs + 1] = { method, path, headers, body }',
    '  if status then answers[status] = answers[status] or {}; answers[status][answer] = true end',
    'end',
  ];
  const chunks = Math.ceil(spec.requests.length / REQUESTS_PER_CHUNK);
  for (let chunk = 0; chunk < chunks; chunk++) {
    lines.push(`local function add_${chunk}()`);
    const first = chunk * REQUESTS_PER_CHUNK;
    for (const [offset, request] of spec.requests.slice(first, first + REQUESTS_PER_CHUNK).entries()) {
      lines.push(`  ${luaRequest(spec, request, first + offset)}`);
    }
    lines.push('end', `add_${chunk}()`);
  }

  if (spec.requests.length === 1 && pipelining === 1) {
    // One request, one per write: wrk's static request, no Lua call per request.
    lines.push(
      'wrk.method = specs[1][1]',
      'wrk.path = specs[1][2]',
      'wrk.body = specs[1][4]',
      'for name, value in pairs(specs[1][3] or {}) do wrk.headers[name] = value end',
    );
  } else {
    const cycle = (spec.requests.length * pipelining) / gcd(spec.requests.length, pipelining);
    lines.push(
      `local pipelining = ${pipelining}`,
      `local prebuild = ${cycle <= MAX_PREBUILT_REQUESTS ? 'true' : 'false'}`,
      'local formatted, batches, count, nextRequest, nextBatch = {}, {}, 0, 1, 1',
      'function init(args)',
      '  for i, s in ipairs(specs) do formatted[i] = wrk.format(s[1], s[2], s[3], s[4]) end',
      '  count = #formatted',
      '  if prebuild then',
      `    local cycle = ${cycle}`,
      '    local i = 1',
      '    for b = 1, cycle / pipelining do',
      '      local batch = {}',
      '      for k = 1, pipelining do batch[k] = formatted[i]; i = i % count + 1 end',
      '      batches[b] = table.concat(batch)',
      '    end',
      '  end',
      'end',
      'function request()',
      '  if prebuild then',
      '    local batch = batches[nextBatch]',
      '    nextBatch = nextBatch % #batches + 1',
      '    return batch',
      '  end',
      '  local batch = {}',
      '  for k = 1, pipelining do batch[k] = formatted[nextRequest]; nextRequest = nextRequest % count + 1 end',
      '  return table.concat(batch)',
      'end',
    );
  }

  lines.push(
    // Each wrk thread is its own Lua state: it counts into its own table, done() (in the main
    // state) merges them through thread:get().
    'local threads = {}',
    'statuses = {}',
    'function setup(thread) threads[#threads + 1] = thread end',
    ...luaResponse(checked),
    'function done(summary, latency, requests)',
    // The window is over: gauntlet reads wrk's CPU time now, before the walk below spends any.
    `  io.write("${WINDOW_END_MARKER}\\n")`,
    '  io.stdout:flush()',
    '  local merged = {}',
    '  for _, thread in ipairs(threads) do',
    '    for code, n in pairs(thread:get("statuses") or {}) do merged[code] = (merged[code] or 0) + n end',
    '  end',
    '  local codes = {}',
    '  for code, n in pairs(merged) do codes[#codes + 1] = string.format(\'"%d":%d\', code, n) end',
    // Every non-empty latency bucket as wrk holds it (see histogram.ts for what gauntlet undoes).
    '  local buckets = {}',
    '  if summary.requests > 0 then',
    '    for i = 1, #latency do',
    '      local value, count = latency(i)',
    '      buckets[#buckets + 1] = string.format("[%d,%d]", value, count)',
    '    end',
    '  end',
    ...luaBodyCheckField(checked),
    '  local e = summary.errors',
    '  io.write(string.format(',
    `    '${RESULT_MARKER}{"requests":%d,"bytes":%d,"durationUs":%d,' ..`,
    '    \'"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},\' ..',
    '    \'"latencyBuckets":[%s],"statuses":{%s}%s}\\n\',',
    '    summary.requests, summary.bytes, summary.duration,',
    '    e.connect, e.read, e.write, e.status, e.timeout,',
    '    table.concat(buckets, ","), table.concat(codes, ","), bodyCheck))',
    '  io.stdout:flush()',
    `  os.execute("sleep ${PARK_SEC}")`,
    'end',
  );
  return `${lines.join('\n')}\n`;
}
