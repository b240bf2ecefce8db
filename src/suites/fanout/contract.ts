/**
 * The fanout contract: GET /fanout/:id makes five parallel calls GET /item/:id/:part (part 0–4)
 * to the upstream and answers `{ id, parts }` with the five upstream answers in part order.
 * Each upstream answer carries a token signed with a secret of the run that only the upstream
 * and gauntlet know, so a target cannot answer right without making the calls.
 */
import { createHmac } from 'node:crypto';
import type { UpstreamKey } from '../types.js';

/** Outbound calls per inbound request, as in the reference report (the NestJS HTTP Module Performance Comparison). */
export const FANOUT_CALLS = 5;

/** The upstream's defaults: the reference report does not state its upstream's latency or size. */
export const UPSTREAM_DEFAULTS = { latencyMs: 2, payloadBytes: 256 } as const;

export interface UpstreamAnswer {
  id: string;
  part: number;
  token: string;
  payload: string;
}

export interface FanoutAnswer {
  id: string;
  parts: UpstreamAnswer[];
}

export const fanoutPath = (id: string) => `/fanout/${id}`;
export const upstreamPath = (id: string, part: number) => `/item/${id}/${part}`;

/** The upstream's signature of one call: 32 hex digits of HMAC-SHA256 over `id/part`. */
export function upstreamToken(secret: string, id: string, part: number): string {
  return createHmac('sha256', secret).update(`${id}/${part}`).digest('hex').slice(0, 32);
}

/** What the upstream answers to GET /item/:id/:part: the token, and the payload filled with it. */
export function upstreamAnswer(key: UpstreamKey, id: string, part: number): UpstreamAnswer {
  const token = upstreamToken(key.secret, id, part);
  const payload = token.repeat(Math.ceil(key.payloadBytes / token.length)).slice(0, key.payloadBytes);
  return { id, part, token, payload };
}

/** The one right answer to GET /fanout/:id. */
export function fanoutAnswer(key: UpstreamKey, id: string): FanoutAnswer {
  return { id, parts: Array.from({ length: FANOUT_CALLS }, (_, part) => upstreamAnswer(key, id, part)) };
}

/** Ids the load cycles through: digits and a slug form, so no cache can shortcut the calls. */
export function fanoutIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i % 4 === 3 ? `order-${i}` : String(5000 + i * 7)));
}
