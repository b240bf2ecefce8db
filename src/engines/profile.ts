/**
 * Load profiles: how many requests a trial keeps in flight over its window, for any suite.
 *
 *   fixed                          N connections (--connections) for --duration: today's closed load
 *   ramp:0-100/70s                 virtual users ramped 0 → 100 over 70 s (closed: each user waits for its answer)
 *   ramp:0-100/30s,100/30s,0/10s   stages: ramp up, hold, ramp down; each stage is target/duration
 *   rate:500/20s                   open model: 500 requests per second on schedule for 20 s
 *   rate:100-1000/30s,1000/30s     the rate ramps 100 → 1000 req/s, then holds
 *
 * A stage is `[from-]to/duration`; only the first may name where it starts (ramp: 0, rate: its
 * target when absent), every later one starts where the one before ended. Durations are
 * `500ms`, `20s`, `2m` or `1m30s`. A ramp or rate profile's window is its stages' total.
 */
import { UserError } from '../core/errors.js';

export interface ProfileStage {
  /** Virtual users (ramp) or requests per second (rate) when the stage begins. */
  from: number;
  /** ... and when it ends (linear in between). */
  to: number;
  durationSec: number;
}

export type LoadProfile =
  | { kind: 'fixed' }
  | { kind: 'ramp'; stages: ProfileStage[] }
  | { kind: 'rate'; stages: ProfileStage[] };

export type ProfileKind = LoadProfile['kind'];
export const PROFILE_KINDS: ProfileKind[] = ['fixed', 'ramp', 'rate'];
export const FIXED_PROFILE: LoadProfile = { kind: 'fixed' };

/** Longest profile accepted: a typo of `70m` for `70s` would otherwise hold a machine for hours. */
const MAX_PROFILE_SEC = 3600;
const MAX_LEVEL = 1_000_000;

const SYNTAX_HINT =
  'write fixed, ramp:0-100/70s (stages: ramp:0-100/30s,100/30s,0/10s) or rate:500/20s (ramping: rate:100-1000/30s,1000/30s)';

function bad(text: string, why: string): UserError {
  return new UserError('GAUNTLET_BAD_PROFILE', `--profile "${text}": ${why}`, SYNTAX_HINT);
}

/** Seconds of a duration like 500ms, 20s, 2m, 1m30s, 1.5s; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d+(?:\.\d+)?)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+(?:\.\d+)?)ms)?$/.exec(text);
  if (!match || text === '' || match.slice(1).every((part) => part === undefined)) return undefined;
  const [, minutes, seconds, ms] = match;
  return Number(minutes ?? 0) * 60 + Number(seconds ?? 0) + Number(ms ?? 0) / 1000;
}

/** A duration as the profile syntax and k6 spell it: whole seconds where exact, else milliseconds. */
export function formatDuration(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function parseLevel(profile: string, text: string, what: string, allowZero: boolean): number {
  if (!/^\d+(\.\d+)?$/.test(text)) throw bad(profile, `"${text}" is not a number of ${what}`);
  const value = Number(text);
  if (!allowZero && value <= 0) throw bad(profile, `${what} must be above 0, got ${text}`);
  if (value > MAX_LEVEL) throw bad(profile, `${text} ${what} is more than ${MAX_LEVEL}`);
  return value;
}

function parseStages(profile: string, kind: 'ramp' | 'rate', body: string): ProfileStage[] {
  const unit = kind === 'ramp' ? 'virtual users' : 'requests per second';
  if (body === '') throw bad(profile, 'no stages after the colon');
  const stages: ProfileStage[] = [];
  for (const [index, part] of body.split(',').entries()) {
    const match = /^(?:([^-/]+)-)?([^-/]+)\/([^/]+)$/.exec(part.trim());
    if (!match) throw bad(profile, `stage ${index + 1} "${part}" is not [from-]to/duration`);
    const [, fromText, toText, durationText] = match;
    if (fromText !== undefined && index > 0)
      throw bad(
        profile,
        `stage ${index + 1} "${part}" names where it starts; only the first stage may (later ones start where the one before ended)`,
      );
    // An arrival rate of 0 sends nothing; a stage may ramp a rate to or from 0, but not hold it there.
    const to = parseLevel(profile, toText, unit, true);
    const previous = stages.at(-1)?.to;
    const from =
      fromText !== undefined ? parseLevel(profile, fromText, unit, true) : (previous ?? (kind === 'ramp' ? 0 : to));
    if (kind === 'ramp' && (!Number.isInteger(from) || !Number.isInteger(to)))
      throw bad(profile, `stage ${index + 1}: virtual users are whole numbers`);
    const durationSec = parseDuration(durationText);
    if (durationSec === undefined)
      throw bad(profile, `stage ${index + 1}: "${durationText}" is not a duration (500ms, 20s, 2m, 1m30s)`);
    if (durationSec <= 0) throw bad(profile, `stage ${index + 1}: its duration must be above 0`);
    stages.push({ from, to, durationSec });
  }
  if (stages.every((stage) => stage.from === 0 && stage.to === 0))
    throw bad(profile, `every stage has 0 ${unit}: nothing would be sent`);
  const total = stages.reduce((sum, stage) => sum + stage.durationSec, 0);
  if (total > MAX_PROFILE_SEC)
    throw bad(profile, `its stages last ${total} s, more than the ${MAX_PROFILE_SEC} s gauntlet accepts`);
  return stages;
}

/** The profile a `--profile` string names; GAUNTLET_BAD_PROFILE with the reason when malformed. */
export function parseProfile(text: string): LoadProfile {
  const trimmed = text.trim();
  if (trimmed === 'fixed') return FIXED_PROFILE;
  const colon = trimmed.indexOf(':');
  const kind = colon === -1 ? trimmed : trimmed.slice(0, colon);
  if (kind !== 'ramp' && kind !== 'rate') {
    throw new UserError(
      'GAUNTLET_BAD_PROFILE',
      `--profile "${text}": unknown profile "${kind}" (fixed, ramp or rate)`,
      SYNTAX_HINT,
    );
  }
  if (colon === -1) throw bad(text, `${kind} needs its stages after a colon`);
  return { kind, stages: parseStages(text, kind, trimmed.slice(colon + 1)) };
}

/** The profile as `--profile` spells it (parseProfile(formatProfile(p)) equals p). */
export function formatProfile(profile: LoadProfile): string {
  if (profile.kind === 'fixed') return 'fixed';
  const stages = profile.stages.map((stage, index) => {
    // A ramp always says where it starts (0-100/70s); a rate only when it ramps (500/20s, 100-1000/30s).
    const from = index === 0 && (profile.kind === 'ramp' || stage.from !== stage.to) ? `${stage.from}-` : '';
    return `${from}${stage.to}/${formatDuration(stage.durationSec)}`;
  });
  return `${profile.kind}:${stages.join(',')}`;
}

/** Seconds the profile's window lasts: its stages' total, or `fixedSec` for the fixed profile. */
export function profileDurationSec(profile: LoadProfile, fixedSec: number): number {
  return profile.kind === 'fixed' ? fixedSec : profile.stages.reduce((sum, stage) => sum + stage.durationSec, 0);
}

/** Where each stage starts and ends, seconds from the window's start. */
export function stageBounds(stages: ProfileStage[]): Array<{ startSec: number; endSec: number }> {
  let at = 0;
  return stages.map((stage) => {
    const startSec = at;
    at += stage.durationSec;
    return { startSec, endSec: at };
  });
}

/** Requests a rate stage schedules: the rate's integral over the stage (linear ramp). */
export function scheduledRequests(stage: ProfileStage): number {
  return ((stage.from + stage.to) / 2) * stage.durationSec;
}

/** The highest level the profile reaches (virtual users, or req/s). */
export function peakLevel(profile: LoadProfile): number {
  return profile.kind === 'fixed' ? 0 : Math.max(...profile.stages.flatMap((stage) => [stage.from, stage.to]));
}

/** "0 → 100 VUs over 70 s" for tables. */
export function describeStage(kind: 'ramp' | 'rate', stage: ProfileStage): string {
  const unit = kind === 'ramp' ? 'VUs' : 'req/s';
  const level = stage.from === stage.to ? `${stage.to} ${unit}` : `${stage.from} → ${stage.to} ${unit}`;
  return `${level}, ${formatDuration(stage.durationSec)}`;
}

/** How one scenario's trials are loaded: their profile, why (when the scenario has a shape of its own), their window. */
export interface ScenarioShape {
  profile: LoadProfile;
  reason?: string;
  /** The window: the fixed one, or the profile's stages' total. */
  durationSec: number;
}
