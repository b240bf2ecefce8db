/**
 * Reads HTTP/1.1 responses off a keep-alive socket as bytes arrive, without building header
 * objects or strings for bodies: the status code, where each response ends (Content-Length,
 * chunked, or none for 1xx/204/304), and whether the server will close. That is all a load
 * generator needs, and it is why this engine costs a fraction of autocannon's CPU per request.
 * A status line without a reason phrase ("HTTP/1.1 200 ") is read like any other.
 *
 * Where the load says each answer's body (LoadSpec.expectedAnswers), every body is compared
 * with it as its bytes arrive (a Buffer comparison per read, no copy), and a body that differs
 * is kept, cut at BODY_SAMPLE_BYTES, for the result.
 */

import { BODY_SAMPLE_BYTES } from '../engine.js';

const CR = 13;
const LF = 10;
/** Longest header block accepted before the response is taken as malformed. */
const MAX_HEAD_BYTES = 64 * 1024;

export interface ResponseEvents {
  /**
   * One complete response: its status, whether the server said it closes the connection, and
   * its body's verdict where it was compared: null when it was the expected body, else the body
   * that came (its first BODY_SAMPLE_BYTES); undefined when it was not compared.
   */
  response(status: number, closes: boolean, wrongBody?: Buffer | null): void;
  /** The body the response being read must have, given its status (undefined: not compared). Asked once per response, at its head. */
  expectedBody?(status: number): Buffer | undefined;
}

type State =
  | { kind: 'head' }
  | { kind: 'body'; remaining: number }
  | { kind: 'chunk-size' }
  | { kind: 'chunk-data'; remaining: number }
  | { kind: 'trailer' }
  | { kind: 'until-close' };

/** What a response head says about the body that follows. */
interface Head {
  status: number;
  length?: number;
  chunked: boolean;
  closes: boolean;
}

export class MalformedResponse extends Error {}

export function parseHead(text: string): Head {
  // "HTTP/1.1 200 OK" or "HTTP/1.1 200 ": the code is the three digits after the first space.
  if (!text.startsWith('HTTP/1.'))
    throw new MalformedResponse(`not an HTTP/1.x status line: ${JSON.stringify(text.slice(0, 40))}`);
  const status = Number(text.slice(9, 12));
  if (!Number.isInteger(status) || status < 100 || status > 999)
    throw new MalformedResponse(`no status code in ${JSON.stringify(text.slice(0, 40))}`);
  const lengthMatch = /\r\ncontent-length:[ \t]*(\d+)/i.exec(text);
  const chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(text);
  const closes = /\r\nconnection:[^\r]*close/i.test(text) || text.startsWith('HTTP/1.0');
  return { status, length: lengthMatch ? Number(lengthMatch[1]) : undefined, chunked, closes };
}

export class ResponseReader {
  private state: State = { kind: 'head' };
  /** Bytes of an unfinished head or chunk-size line, kept until the rest arrives. */
  private partial: Buffer | undefined;
  private head: Head | undefined;
  /** The body the current response must have, and how much of it has come. */
  private expected: Buffer | undefined;
  private offset = 0;
  /** Set at the first byte that differs: the body as it came, up to BODY_SAMPLE_BYTES. */
  private wrong: Buffer[] | undefined;
  private wrongBytes = 0;

  constructor(private readonly events: ResponseEvents) {}

  /** True while a response has begun but not ended (its bytes are in flight). */
  get midResponse(): boolean {
    return this.state.kind !== 'head' || this.partial !== undefined;
  }

  /** Feeds the bytes just read; calls `response` for each response they complete. */
  feed(chunk: Buffer): void {
    const data = this.partial ? Buffer.concat([this.partial, chunk]) : chunk;
    this.partial = undefined;
    let at = 0;
    while (at < data.length) {
      const state = this.state;
      switch (state.kind) {
        case 'head': {
          const end = data.indexOf('\r\n\r\n', at, 'latin1');
          if (end < 0) {
            if (data.length - at > MAX_HEAD_BYTES) throw new MalformedResponse('response head longer than 64 KiB');
            this.partial = data.subarray(at);
            return;
          }
          const head = parseHead(data.toString('latin1', at, end + 2));
          at = end + 4;
          this.head = head;
          this.expected = this.events.expectedBody?.(head.status);
          this.offset = 0;
          this.wrong = undefined;
          this.state = this.bodyState(head);
          if (this.state.kind === 'head') this.complete();
          break;
        }
        case 'body':
        case 'chunk-data': {
          const take = Math.min(state.remaining, data.length - at);
          // a chunk's data ends with CRLF, which is not body
          const body = state.kind === 'body' ? take : Math.min(take, Math.max(0, state.remaining - 2));
          if (this.expected) this.compare(data, at, at + body);
          at += take;
          state.remaining -= take;
          if (state.remaining > 0) return;
          if (state.kind === 'body') this.complete();
          else this.state = { kind: 'chunk-size' };
          break;
        }
        case 'chunk-size': {
          const eol = lineEnd(data, at);
          if (eol < 0) {
            this.partial = data.subarray(at);
            return;
          }
          const size = Number.parseInt(data.toString('latin1', at, eol), 16); // extensions after ';' are ignored by parseInt
          if (!Number.isFinite(size)) throw new MalformedResponse('bad chunk size');
          at = eol + 2;
          this.state = size === 0 ? { kind: 'trailer' } : { kind: 'chunk-data', remaining: size + 2 };
          break;
        }
        case 'trailer': {
          const eol = lineEnd(data, at);
          if (eol < 0) {
            this.partial = data.subarray(at);
            return;
          }
          const empty = eol === at;
          at = eol + 2;
          if (empty) this.complete();
          break;
        }
        case 'until-close':
          if (this.expected) this.compare(data, at, data.length);
          return; // the body runs to the end of the connection: see closed()
      }
    }
  }

  /** The connection closed: a body that ran until the close is complete now. */
  closed(): void {
    if (this.state.kind === 'until-close') this.complete();
  }

  private bodyState(head: Head): State {
    if ((head.status >= 100 && head.status < 200) || head.status === 204 || head.status === 304)
      return { kind: 'head' };
    if (head.chunked) return { kind: 'chunk-size' };
    if (head.length !== undefined)
      return head.length === 0 ? { kind: 'head' } : { kind: 'body', remaining: head.length };
    return { kind: 'until-close' };
  }

  private complete(): void {
    const head = this.head!;
    this.state = { kind: 'head' };
    this.head = undefined;
    if (head.status >= 100 && head.status < 200) return; // interim (100 Continue): the real answer follows
    this.events.response(head.status, head.closes, this.verdict());
  }

  /** Compares body bytes data[from, to) with the expected body where it has got to. */
  private compare(data: Buffer, from: number, to: number): void {
    const expected = this.expected!;
    if (!this.wrong) {
      const end = this.offset + (to - from);
      if (end > expected.length || data.compare(expected, this.offset, end, from, to) !== 0) {
        this.wrong = [expected.subarray(0, Math.min(this.offset, BODY_SAMPLE_BYTES))];
        this.wrongBytes = this.wrong[0].length;
      }
    }
    if (this.wrong && this.wrongBytes < BODY_SAMPLE_BYTES) {
      const piece = Buffer.from(data.subarray(from, Math.min(to, from + BODY_SAMPLE_BYTES - this.wrongBytes)));
      this.wrong.push(piece);
      this.wrongBytes += piece.length;
    }
    this.offset += to - from;
  }

  /** The finished body's verdict (see ResponseEvents.response). */
  private verdict(): Buffer | null | undefined {
    const expected = this.expected;
    if (!expected) return undefined;
    this.expected = undefined;
    if (this.wrong) return Buffer.concat(this.wrong);
    // every byte matched, but the body may have stopped short
    return this.offset === expected.length ? null : expected.subarray(0, Math.min(this.offset, BODY_SAMPLE_BYTES));
  }
}

function lineEnd(data: Buffer, from: number): number {
  for (let i = from; i < data.length - 1; i++) if (data[i] === CR && data[i + 1] === LF) return i;
  return -1;
}
