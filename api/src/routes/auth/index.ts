// Auth without a token (spec §7 "Auth"): register, login, Google, e-mail verification, password reset.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, httpError } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { MESSAGES } from '../../services/auth/messages.ts';
import { AuthResponseSchema, MessageSchema } from '@grocer/shared/schemas';

// Missing fields default to '' so the service answers with the spec's own messages ('Email is required').
const Email = Type.String({ maxLength: 320, default: '' });
const Password = Type.String({
  maxLength: 1024,
  default: '',
  description: '8 to 128 characters (server rules: spec §5 plus a common-password list)',
});

/** Per client IP, on top of the global limit: these send mail or create accounts. */
const LIMITS = {
  register: { max: 20, timeWindow: '15 minutes' },
  mail: { max: 10, timeWindow: '15 minutes' },
  google: { max: 60, timeWindow: '15 minutes' },
} as const;

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth, users } = app.services;

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account with email and password; sends a verification email',
        body: Type.Object({
          email: Email,
          password: Password,
          firstName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
          lastName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
        }),
        response: { 201: AuthResponseSchema, ...errorResponses },
      },
      config: { rateLimit: LIMITS.register },
    },
    async (request, reply) => {
      const session = await auth.register(request.body);
      return reply.code(201).send({ success: true, user: users.toJson(session.row, session.token, 'email'), token: session.token });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          'Any failure is 401 SIGNIN_FAILED. Past the sign-in limits (README "Security") 429 with Retry-After; 503 SERVER_BUSY with Retry-After when too many password checks are waiting.',
        body: Type.Object({ email: Email, password: Password }),
        response: { 200: AuthResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = await auth.login({ ...request.body, ip: request.ip });
      return { success: true as const, user: users.toJson(session.row, session.token, 'email'), token: session.token };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out this session: its token is refused from now on',
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.logout(requireUser(request).claims);
      return { success: true as const, message: MESSAGES.signedOut };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every session of the user issued until now, this one included',
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.logoutEverywhere(requireUser(request).uuid);
      return { success: true as const, message: MESSAGES.signedOutEverywhere };
    },
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign in with a Google ID token (the dev issuer's outside production); answers with our session token",
        body: Type.Object({ idToken: Type.String({ minLength: 1, maxLength: 8192 }) }),
        response: { 200: AuthResponseSchema, ...errorResponses },
      },
      config: { rateLimit: LIMITS.google },
    },
    async (request) => {
      const session = await auth.google(request.body.idToken);
      return { success: true as const, user: users.toJson(session.row, session.token, 'google'), token: session.token };
    },
  );

  app.get(
    '/auth/email-verification/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Use a verification link (single use, 24 hours)',
        description: '400 INVALID_TOKEN; 409 ALREADY_VERIFIED when a used or expired link belongs to an account verified since.',
        querystring: Type.Object({ token: Type.String({ maxLength: 200, default: '' }) }),
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const outcome = await auth.verifyEmail(request.query.token);
      if (outcome === 'already-verified') throw httpError(409, 'ALREADY_VERIFIED', MESSAGES.alreadyVerified);
      if (outcome === 'invalid') throw httpError(400, 'INVALID_TOKEN', MESSAGES.verifyFailed);
      return { success: true as const, message: MESSAGES.verified };
    },
  );

  app.post(
    '/auth/email-verification/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification link; the answer is the same whether or not the account exists',
        querystring: Type.Object({ email: Email }),
        response: { 200: MessageSchema, ...errorResponses },
      },
      config: { rateLimit: LIMITS.mail },
    },
    async (request) => {
      await auth.resendVerification(request.query.email);
      return { success: true as const, message: MESSAGES.resendSent };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (1 hour); the answer is the same whether or not the account exists',
        body: Type.Object({ email: Email }),
        response: { 200: MessageSchema, ...errorResponses },
      },
      config: { rateLimit: LIMITS.mail },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { success: true as const, message: MESSAGES.forgotSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; signs out every earlier session',
        body: Type.Object({ token: Type.String({ maxLength: 200, default: '' }), password: Password }),
        response: { 200: MessageSchema, ...errorResponses },
      },
      config: { rateLimit: LIMITS.mail },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: MESSAGES.resetDone };
    },
  );
};

export default authRoutes;
