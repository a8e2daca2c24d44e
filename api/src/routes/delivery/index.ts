// The delivery promise (services/delivery/windows.ts has the rules): the stores' public rules, which
// stores reach the shopper's address, the windows each store offers, and holding one for 10 minutes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeliveryCoverageSchema, DeliveryHoldSchema, StoreRulesSchema, StoreWindowsSchema } from '@grocer/shared/schemas';
import { Type } from 'typebox';
import { errorResponses, httpError } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';

const Uuid = Type.String({ maxLength: 64, description: 'Store uuid' });
const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/open/store-rules',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Every store's opening hours, minimum order and delivery radius",
        response: { 200: Type.Array(StoreRulesSchema), ...errorResponses },
      },
    },
    async (_request, reply) => {
      // Store settings can change these: a short cache only.
      reply.header('cache-control', 'public, max-age=60');
      return app.services.deliveryWindows.publicRules();
    },
  );

  app.get(
    '/delivery/coverage',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: "Which stores deliver to the account's address (the haversine distance that prices the fee, against each radius)",
        description: '400 ADDRESS_REQUIRED without a complete address; 400 INVALID_ADDRESS for an unknown ZIP.',
        response: {
          200: DeliveryCoverageSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => app.services.deliveryWindows.coverage(requireUser(request).account),
  );

  app.post(
    '/delivery/windows',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'The two-hour delivery windows of each store (today and the next 6 days), and the caller’s holds',
        description: '404 STORE_NOT_FOUND for an unknown store.',
        body: Type.Object({ storeUuids: Type.Array(Uuid, { maxItems: 100, description: 'Duplicates are ignored' }) }),
        response: { 200: Type.Array(StoreWindowsSchema), ...errorResponses },
      },
    },
    async (request) => app.services.deliveryWindows.list(requireUser(request).uuid, request.body.storeUuids),
  );

  app.post(
    '/delivery/holds',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'Hold a delivery window for 10 minutes (replaces the caller’s other hold at that store)',
        description: '400 WINDOW_NOT_OFFERED; 404 STORE_NOT_FOUND; 409 WINDOW_FULL (error.store names the store).',
        body: Type.Object({ storeUuid: Uuid, startsAt: Type.String({ maxLength: 64, description: 'The window start, as listed' }) }),
        response: { 200: DeliveryHoldSchema, ...errorResponses },
      },
    },
    async (request) => app.services.deliveryWindows.hold(requireUser(request).uuid, request.body.storeUuid, request.body.startsAt),
  );

  app.delete(
    '/delivery/holds/:storeUuid',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'Give back the caller’s hold at a store',
        description: '404 STORE_NOT_FOUND for an unknown store, HOLD_NOT_FOUND when the caller holds nothing there.',
        params: Type.Object({ storeUuid: Uuid }),
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const released = await app.services.deliveryWindows.release(requireUser(request).uuid, request.params.storeUuid);
      if (!released) throw httpError(404, 'HOLD_NOT_FOUND', 'No delivery window is held at this store');
      return { success: true as const };
    },
  );
};

export default deliveryRoutes;
