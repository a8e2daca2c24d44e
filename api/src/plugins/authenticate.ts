// Bearer-token authentication for protected routes:
//
//   app.get('/orders/:id', { onRequest: app.authenticate }, async (request) => {
//     const user = requireUser(request);          // { uuid, role, authMethod, token, account }
//   });
//
// A missing, malformed, tampered, expired or revoked token is a 401 UNAUTHORIZED with the message the
// shop's client signs out on (spec §4 Session). Identity comes only from the token's `sub`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../db/errors.ts';
import { roleOf } from '../lib/jwt.ts';
import { MESSAGES } from '../services/auth/messages.ts';
import type { AuthUser } from '../services/caller.ts';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: sets request.user or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on routes without it. */
    user: AuthUser | null;
  }
}

export const unauthorized = () => httpError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);

/** The authenticated user on a route that has `preHandler: app.authenticate`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const ADMIN_ONLY_MESSAGE = 'This is only available to admins.';
export const forbiddenForNonAdmins = () => httpError(403, 'FORBIDDEN', ADMIN_ONLY_MESSAGE);

/** requireUser, for admins only: anyone else signed in gets 403 FORBIDDEN. */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'ADMIN') throw forbiddenForNonAdmins();
  return user;
}

export const OPS_ONLY_MESSAGE = 'This is only available to store staff and admins.';

/** requireUser, for the ops API: admins and store staff; anyone else signed in gets 403 FORBIDDEN. */
export function requireOps(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'ADMIN' && user.role !== 'STORE_STAFF') throw httpError(403, 'FORBIDDEN', OPS_ONLY_MESSAGE);
  return user;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(request.headers.authorization ?? '');
      if (!match) throw unauthorized();
      const session = await app.services.auth.authenticate(match[1]!);
      if (!session) throw unauthorized();
      request.user = {
        uuid: session.row.uuid,
        role: roleOf(session.row.role),
        storeId: session.row.storeId,
        authMethod: session.claims.authMethod,
        token: match[1]!,
        claims: session.claims,
        account: session.row,
      };
    });
  },
  { name: 'authenticate', dependencies: ['services'] },
);
