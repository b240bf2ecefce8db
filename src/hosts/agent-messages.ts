/**
 * What gauntlet and an agent (on a server host or a load host) say to each other: one JSON object per line, over
 * the SSH session's stdin and stdout. A request carries an id its reply repeats; an event (a
 * target's exit, a k6 run's progress) carries none. Paths under gauntlet's folder travel as `$GAUNTLET_ROOT/…`, so a
 * server host with gauntlet installed elsewhere finds its own copy.
 */
import { z } from 'zod';
import type { IdlePollingRecord } from '../proc/idle-polling.js';
import type { Launch } from './host.js';
import type { MachineFacts } from '../model/schema.js';

const launchSchema = z.object({
  label: z.string(),
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  protocol: z.enum(['http1', 'h2c', 'h2']),
  readyTimeoutMs: z.number(),
  cores: z.string().optional(),
});

export const requestSchema = z.discriminatedUnion('op', [
  z.object({ id: z.number(), op: z.literal('hello'), version: z.string(), idlePolling: z.boolean().optional() }),
  z.object({ id: z.number(), op: z.literal('start'), launch: launchSchema }),
  z.object({ id: z.number(), op: z.literal('stop'), pid: z.number(), graceMs: z.number().optional() }),
  z.object({ id: z.number(), op: z.literal('meter-begin'), meter: z.number(), pid: z.number(), series: z.boolean() }),
  z.object({ id: z.number(), op: z.literal('meter-end'), meter: z.number() }),
  z.object({ id: z.number(), op: z.literal('settle'), pids: z.array(z.number()), maxMs: z.number().optional() }),
  z.object({ id: z.number(), op: z.literal('link') }),
  z.object({
    id: z.number(),
    op: z.literal('k6-run'),
    /** The controller's number for this run of k6: events and k6-go/k6-stop name it. */
    job: z.number(),
    script: z.string(),
    segment: z.object({ segment: z.string(), sequence: z.string() }),
    deadlineMs: z.number(),
    /** The script marks a measured window: report its edges as they pass. */
    measured: z.boolean(),
    /** taskset core list for k6 (the load host `local`: the generator's cores here). */
    cores: z.string().optional(),
  }),
  z.object({ id: z.number(), op: z.literal('k6-go'), job: z.number() }),
  z.object({ id: z.number(), op: z.literal('k6-stop'), job: z.number() }),
  z.object({
    id: z.number(),
    op: z.literal('install'),
    variant: z.object({ target: z.string(), spec: z.string(), label: z.string(), targetDirs: z.array(z.string()) }),
  }),
]);
export type AgentRequest = z.infer<typeof requestSchema>;
/** A request as the load host writes it, before it has an id. */
export type AgentAsk = AgentRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

const eventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('exit'),
    pid: z.number(),
    code: z.number().nullable(),
    signal: z.string().nullable(),
    output: z.string(),
  }),
  /** A k6 run waits, paused, for k6-go. */
  z.object({ event: z.literal('k6-ready'), job: z.number() }),
  /** A k6 run's measured window began or ended (the agent's clock stays there). */
  z.object({ event: z.literal('k6-window'), job: z.number(), edge: z.enum(['start', 'end']) }),
]);
export type AgentEvent = z.infer<typeof eventSchema>;

export const replySchema = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown() }),
  z.object({
    id: z.number(),
    ok: z.literal(false),
    error: z.object({
      message: z.string(),
      /** A UserError's code and hint (the load host raises it as the same error). */
      code: z.string().optional(),
      hint: z.string().optional(),
      lastOutput: z.string().optional(),
      exitCode: z.number().nullable().optional(),
      /** The load generator failed there (EngineFailure): how its process ended and its stderr. */
      engineFailure: z
        .object({
          engine: z.string(),
          exit: z.object({ code: z.number().nullable(), signal: z.string().nullable() }).optional(),
          stderr: z.string(),
        })
        .optional(),
    }),
  }),
  eventSchema,
]);
export type AgentReply = z.infer<typeof replySchema>;

/** The agent's answer to hello. */
export interface AgentHello {
  version: string;
  /** The address targets listen on and the load is sent to: where the SSH connection arrived. */
  address: string;
  facts: MachineFacts;
  /** The address the SSH connection came from: where this host reaches the controller (absent: not over SSH). */
  client?: string;
  /** The k6 version there ("missing" without one). */
  k6: string;
  /** Its idle polling, set for the run as asked (proc/idle-polling.ts); absent where there is none. */
  idlePolling?: IdlePollingRecord;
}

/** The token that stands for gauntlet's folder in paths sent between hosts. */
export const ROOT_TOKEN = '$GAUNTLET_ROOT';

/** A launch with `map` applied to every path it may hold: its command, its arguments, its environment's values. */
export function mapLaunchPaths(launch: Launch, map: (value: string) => string): Launch {
  return {
    ...launch,
    command: map(launch.command),
    args: launch.args.map(map),
    env: Object.fromEntries(Object.entries(launch.env).map(([name, value]) => [name, map(value)])),
  };
}
