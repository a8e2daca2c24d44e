// The signed-in shopper's own account (spec §7 "Authenticated"): profile, address and beta access.
// Every call reads the user from the session token, never from the request.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import {
  BetaStatusSchema,
  ProfileSchema,
  SubstitutionChoiceSchema,
  SubstitutionPreferenceSchema,
  SubstitutionPreferencesResponseSchema,
  UserSchema,
} from '@grocer/shared/schemas';
import { text } from './schemas.ts';

const NullableText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

const AddressBody = Type.Object({
  firstName: NullableText(100),
  lastName: NullableText(100),
  streetName: text(200),
  apartmentName: NullableText(100),
  city: text(100),
  state: text(50, 'Two-letter code or full name; stored as the code'),
  zip: text(10, '5-digit US ZIP (ZIP+4 accepted)'),
});

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users } = app.services;
  // onRequest: an unauthenticated call is a 401 before its body is even validated.
  const onRequest = app.authenticate;

  app.get(
    '/user/substitution-preferences',
    {
      onRequest,
      schema: {
        tags: ['user'],
        summary: "The shopper's remembered 'If out of stock' choices, one per product, most recent first",
        description: 'A product without an entry is BEST_MATCH. Placing an order remembers the choice of each of its lines.',
        response: { 200: SubstitutionPreferencesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ preferences: await app.services.substitutions.list(requireUser(request).uuid) }),
  );

  app.put(
    '/user/substitution-preferences/:productUuid',
    {
      onRequest,
      schema: {
        tags: ['user'],
        summary: "Remember the 'If out of stock' choice for one product",
        description:
          '404 NOT_FOUND for an unknown or inactive product; 400 VALIDATION_ERROR when SPECIFIC names no product, or one that is not another active product of the same store and category, or when another choice names one.',
        params: Type.Object({ productUuid: Type.String({ maxLength: 64 }) }),
        body: Type.Object({
          choice: SubstitutionChoiceSchema,
          substituteProductId: Type.Optional(
            Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { description: 'Product uuid; SPECIFIC only' }),
          ),
        }),
        response: { 200: SubstitutionPreferenceSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.services.substitutions.save(
        requireUser(request).uuid,
        request.params.productUuid,
        request.body.choice,
        request.body.substituteProductId ?? null,
      ),
  );

  app.get(
    '/user/profile',
    {
      onRequest,
      schema: {
        tags: ['user'],
        summary: "The shopper's names, address and checkout flags",
        response: { 200: ProfileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return users.profile(user);
    },
  );

  app.post(
    '/user/address',
    {
      onRequest,
      schema: {
        tags: ['user'],
        summary: 'Save the delivery address',
        description:
          'streetName, city, state and zip are required; first and last name are required only while the account has none, and are ignored once set (they are locked).',
        body: AddressBody,
        response: { 200: ProfileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return users.saveAddress(user, request.body);
    },
  );

  app.post(
    '/api/user/request-beta',
    {
      onRequest,
      schema: {
        tags: ['user'],
        summary: 'Ask for beta access (the body, and its reason, may be left out)',
        body: Type.Object({ reason: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])) }),
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), user: UserSchema }), ...errorResponses },
      },
      // The client may send no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { row, message } = await users.requestBeta(user, request.body.reason ?? undefined);
      return { success: true as const, message, user: users.toJson(row, user.token, user.authMethod) };
    },
  );

  app.get(
    '/api/user/beta-status',
    {
      onRequest,
      schema: { tags: ['user'], summary: 'Beta status and checkout permission', response: { 200: BetaStatusSchema, ...errorResponses } },
    },
    async (request) => {
      const user = requireUser(request);
      return users.betaStatus(user);
    },
  );
};

export default userRoutes;
