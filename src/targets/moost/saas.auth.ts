import { HttpError } from '@moostjs/event-http';
import { useAuthorization, useCookies } from '@wooksjs/event-http';
import {
  Inject,
  Injectable,
  Intercept,
  Resolve,
  TInterceptorPriority,
  useAsyncEventContext,
  type TInterceptorClass,
  type TInterceptorFn,
} from 'moost';
import { bearerToken, type SaasStore, type User } from '../_lib/saas-store.js';

/** DI key of the store, provided once in saas.ts with the app's provide registry. */
export const STORE = 'saas-store';

// The user a guard found, kept in the event's context store for the @CurrentUser resolver.
type AuthStore = { auth: { user?: User } };
const authContext = () => useAsyncEventContext<AuthStore>().store('auth');

function authenticated(user: User | undefined): void {
  if (!user) throw new HttpError(401, 'unauthorized');
  authContext().set('user', user);
}

/**
 * Guards are GUARD-priority interceptors that throw in their init phase, as moost's guard docs
 * write them: moost runs that phase before it resolves the handler's arguments, so a
 * rejected request's body is never read.
 */
@Injectable()
class TokenGuard implements TInterceptorClass {
  static priority = TInterceptorPriority.GUARD;
  constructor(@Inject(STORE) private readonly store: SaasStore) {}
  handler: TInterceptorFn = async () => {
    authenticated(await this.store.userForToken(bearerToken(useAuthorization().authorization)));
  };
}

/** The session cookie: useCookies matches the `sid` cookie alone, it never parses the whole jar. */
@Injectable()
class SessionGuard implements TInterceptorClass {
  static priority = TInterceptorPriority.GUARD;
  constructor(@Inject(STORE) private readonly store: SaasStore) {}
  handler: TInterceptorFn = async () => {
    authenticated(await this.store.userForSession(useCookies().getCookie('sid') ?? undefined));
  };
}

export const BearerAuth = Intercept(TokenGuard);
export const SessionAuth = Intercept(SessionGuard);

/** The authenticated user, as a handler argument. */
export const CurrentUser = () => Resolve(() => authContext().get('user'), 'user');
