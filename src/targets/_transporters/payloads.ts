/**
 * The payloads of the transporters part, at the reference report's sizes. A payload is a
 * sequence number and a string padded to the size; the echo returns it whole, so the bytes
 * travel both ways, as in Moleculer's own benchmark.
 */

export const PAYLOAD_SIZES = [
  { name: '10B', bytes: 10 },
  { name: '150B', bytes: 150 },
  { name: '1KB', bytes: 1024 },
  { name: '10KB', bytes: 10 * 1024 },
  { name: '50KB', bytes: 50 * 1024 },
  { name: '100KB', bytes: 100 * 1024 },
  { name: '1MB', bytes: 1024 * 1024 },
] as const;

export type PayloadSizeName = (typeof PAYLOAD_SIZES)[number]['name'];

export interface EchoPayload {
  seq: number;
  data: string;
}

/** Printable, varied bytes (not one repeated character), so nothing on the way can shortcut them. */
export function payloadData(bytes: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let text = '';
  for (let i = 0; i < bytes; i++) text += alphabet[(i * 7 + (i >> 6)) % alphabet.length];
  return text;
}

/** Why an echo is wrong, or undefined: the cheap check made on every timed call (sequence and length). */
export function echoMismatch(sent: EchoPayload, got: unknown): string | undefined {
  const reply = got as Partial<EchoPayload> | undefined;
  if (reply?.seq !== sent.seq) return `echo of call ${sent.seq} came back as call ${String(reply?.seq)}`;
  if (reply.data?.length !== sent.data.length)
    return `echo of ${sent.data.length} bytes came back with ${String(reply.data?.length)}`;
  return undefined;
}

/** The full check made before and after timing: every byte. */
export function echoDiffers(sent: EchoPayload, got: unknown): string | undefined {
  const cheap = echoMismatch(sent, got);
  if (cheap) return cheap;
  return (got as EchoPayload).data === sent.data ? undefined : 'echo came back with other bytes';
}
