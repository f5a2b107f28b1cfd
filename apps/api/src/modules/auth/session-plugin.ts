import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/app-error.ts';
import { sessionRequired } from '../../lib/openapi.ts';
import { type Auth, assertPastSecondFactor, resolveSession, type SessionLookup } from './sessions.ts';
import type { UserRow } from './user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards: the signed-in user and their session. */
    auth: Auth | null;
  }
  interface FastifyReply {
    setSessionCookie: (token: string, expiresAt: Date) => FastifyReply;
    clearSessionCookie: () => FastifyReply;
  }
  interface FastifyInstance {
    sessionCookieName: string;
    /** A route hook (preValidation, so nothing of the request is checked for someone not allowed): 401 unless signed in. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** requireUser, reading the session with the route's own lookup (one query for the session and more). */
    requireUserWith: (request: FastifyRequest, reply: FastifyReply, lookup: SessionLookup) => Promise<void>;
    /**
     * requireUser for the calls that change an account's access (its password, its other sessions): staff
     * only from a session that passed the second factor, so the password alone cannot lock the owner out.
     */
    requireUserPastSecondFactor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A route hook factory: 401 unless signed in, 403 unless the user has one of the roles. */
    requireRole: (
      ...roles: UserRow['role'][]
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Reads the session if there is one; never refuses. */
    loadUser: (request: FastifyRequest, lookup?: SessionLookup) => Promise<Auth | null>;
  }
}

/** Cookie sessions: an opaque token in an HttpOnly cookie, looked up in the database. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const secure = app.config.BASE_URL.startsWith('https://');
  // The __Host- prefix pins the cookie to this exact origin; browsers accept it only over HTTPS.
  const name = secure ? '__Host-ngso_session' : 'ngso_session';
  app.decorate('sessionCookieName', name);
  app.decorateRequest('auth', null);

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, expiresAt: Date) {
    return this.setCookie(name, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      expires: expiresAt,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });

  const loadUser = async (request: FastifyRequest, lookup?: SessionLookup) => {
    if (request.auth) return request.auth;
    const token = request.cookies[name];
    if (!token || token.length > 100) return null;
    request.auth = await resolveSession(app.db, token, app.clock.now(), lookup);
    return request.auth;
  };
  app.decorate('loadUser', loadUser);

  const requireUserWith = async (request: FastifyRequest, reply: FastifyReply, lookup?: SessionLookup) => {
    if (!(await loadUser(request, lookup))) {
      if (request.cookies[name]) reply.clearSessionCookie();
      throw unauthorized();
    }
  };
  app.decorate('requireUserWith', requireUserWith);
  // Marked, so that the OpenAPI document declares the session cookie for the routes they guard.
  app.decorate(
    'requireUser',
    sessionRequired(async (request: FastifyRequest, reply: FastifyReply) => requireUserWith(request, reply)),
  );

  app.decorate(
    'requireUserPastSecondFactor',
    sessionRequired(async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      assertPastSecondFactor(signedIn(request), 'twoFactor.requiredForAccount');
    }),
  );

  app.decorate('requireRole', (...roles: UserRow['role'][]) =>
    sessionRequired(async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      if (!request.auth || !roles.includes(request.auth.user.role)) throw forbidden();
      // Staff reach the console only from a session that passed the second factor (two-factor.ts).
      assertPastSecondFactor(request.auth);
    }),
  );
});

/** The signed-in user of a route guarded by requireUser or requireRole. */
export function signedIn(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
