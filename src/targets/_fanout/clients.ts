/**
 * The outbound HTTP clients of the plain fanout apps, each set up for keep-alive as its docs
 * recommend, with no retries (a retried call would be an extra upstream call) and no limit on
 * connections (as every client's default is), so the clients differ in their own cost only.
 */
import { Agent } from 'node:http';
import axios from 'axios';
import { upstreamUrl } from '../_lib/app-env.js';
import { gotPackage, undiciPackage } from './client-packages.js';
import type { UpstreamGet } from './fanout.js';

export type ClientName = 'axios' | 'undici' | 'fetch' | 'got';

function refuse(status: number, path: string): never {
  throw new Error(`upstream answered ${status} to ${path}`);
}

/** axios: an http.Agent with keepAlive, as axios's README shows (Node's global agent also keeps alive since 19). */
function axiosClient(base: string): UpstreamGet {
  const client = axios.create({ baseURL: base, httpAgent: new Agent({ keepAlive: true }) });
  return async (path) => (await client.get(path)).data;
}

/** undici: one Pool for the upstream's origin (keep-alive is undici's default; idle sockets kept 4 s). */
async function undiciClient(base: string): Promise<UpstreamGet> {
  const { Pool } = (await import(undiciPackage(process.versions.node))) as typeof import('undici8');
  const pool = new Pool(base);
  return async (path) => {
    const { statusCode, body } = await pool.request({ method: 'GET', path });
    if (statusCode !== 200) {
      await body.dump();
      refuse(statusCode, path);
    }
    return body.json();
  };
}

/** fetch: node's built-in fetch, on its global undici dispatcher (keep-alive by default). */
function fetchClient(base: string): UpstreamGet {
  return async (path) => {
    const response = await fetch(base + path);
    if (response.status !== 200) {
      await response.arrayBuffer();
      refuse(response.status, path);
    }
    return response.json();
  };
}

/** got: an http.Agent with keepAlive passed as `agent.http`, as got's docs show; retries off. */
async function gotClient(base: string): Promise<UpstreamGet> {
  const got = ((await import(gotPackage(process.versions.node))) as typeof import('got16')).default;
  const client = got.extend({
    prefixUrl: base,
    agent: { http: new Agent({ keepAlive: true }) },
    retry: { limit: 0 },
  });
  return (path) => client.get(path.slice(1)).json();
}

export async function upstreamClient(name: ClientName): Promise<UpstreamGet> {
  const base = upstreamUrl();
  switch (name) {
    case 'axios':
      return axiosClient(base);
    case 'undici':
      return undiciClient(base);
    case 'fetch':
      return fetchClient(base);
    case 'got':
      return gotClient(base);
  }
}
