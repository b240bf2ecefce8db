/** A scenario's requests as the bytes an HTTP/1.1 client writes, built once per load. */
import type { RequestSpec } from '../../suites/types.js';

export function requestBytes(request: RequestSpec, baseUrl: string): Buffer {
  const url = new URL(request.path, baseUrl);
  const headers = Object.entries(request.headers ?? {});
  const has = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`];
  if (!has('host')) lines.push(`Host: ${url.host}`);
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  if (body !== undefined && !has('content-length')) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body === undefined ? head : Buffer.concat([head, body]);
}
