/** One plain HTTP/1.1 request, with the raw answer kept for verification. */
import { request } from 'node:http';
import type { RequestSpec } from '../suites/types.js';

export interface ProbeAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function probe(baseUrl: string, spec: RequestSpec, timeoutMs = 5000): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(spec.path, baseUrl);
    const req = request(
      url,
      { method: spec.method, headers: { ...spec.headers }, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (spec.body !== undefined) req.write(spec.body);
    req.end();
  });
}

/** Resolves once anything answers HTTP on baseUrl, or rejects after timeoutMs. */
export async function waitUntilAnswering(baseUrl: string, timeoutMs: number, gaveUp: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stop = gaveUp();
    if (stop) throw new Error(stop);
    try {
      await probe(baseUrl, { method: 'GET', path: '/' }, 1000);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`did not answer HTTP within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
