/**
 * Whether a target's HTTP/1.1 status lines carry a reason phrase. "HTTP/1.1 200 " with
 * nothing after the code is valid HTTP (srvx, and so h3, answer that way), but h2load 1.52
 * reads no status from it: its trials against such a target go to an engine that can.
 */
import type { Scenario } from '../suites/types.js';
import { probe } from './http-probe.js';

/** True when the first check of the scenario is answered with an empty reason phrase; false when it has one or the probe fails. */
export async function answersWithoutReason(baseUrl: string, scenario: Scenario): Promise<boolean> {
  const check = scenario.checks[0];
  if (!check) return false;
  try {
    return (await probe(baseUrl, check.request)).statusMessage === '';
  } catch {
    return false; // the trial will say what is wrong
  }
}
