import {
  Inject,
  Injectable,
  UnauthorizedException,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { bearerToken, type SaasStore, type User } from '../_lib/saas-store.js';
import { SAAS_STORE } from './saas.store.js';

/** What the guards need of a request, the same on Express and Fastify. */
type AuthRequest = { headers: IncomingHttpHeaders; user?: User };

/** Bearer-token auth: 401 (JSON, UnauthorizedException) unless the token is the store's. */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(@Inject(SAAS_STORE) private readonly store: SaasStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthRequest>();
    request.user = await this.store.userForToken(bearerToken(request.headers.authorization));
    if (!request.user) throw new UnauthorizedException();
    return true;
  }
}

/**
 * Session-cookie auth. cookie-parser is not installed, so the guard parses the Cookie header
 * itself, the whole jar at once as cookie-parser would, but only on the cookie-auth routes.
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(@Inject(SAAS_STORE) private readonly store: SaasStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthRequest>();
    request.user = await this.store.userForSession(parseCookies(request.headers.cookie).get('sid'));
    if (!request.user) throw new UnauthorizedException();
    return true;
  }
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    if (eq > 0 && !cookies.has(name)) cookies.set(name, decode(pair.slice(eq + 1).trim()));
  }
  return cookies;
}

function decode(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

/** The user the guard authenticated. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<AuthRequest>().user,
);
