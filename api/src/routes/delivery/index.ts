// The delivery promise (services/delivery/windows.ts has the rules): the stores' public rules, which
// stores reach the shopper's address, the windows each store offers, and holding one for 10 minutes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, httpError } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';

const Uuid = Type.String({ maxLength: 64, description: 'Store uuid' });
const IsoTime = Type.String({ format: 'date-time' });

const DayHours = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday' }),
  opensMinute: Type.Integer({ description: 'Minutes after local midnight' }),
  closesMinute: Type.Integer({ description: 'Minutes after local midnight (1440 = midnight)' }),
});

const StoreRules = Type.Object(
  {
    storeUuid: Type.String({ format: 'uuid' }),
    storeName: Type.String(),
    timeZone: Type.String({ description: 'IANA zone of the hours, e.g. America/Chicago' }),
    minOrderCents: Type.Integer({ description: 'A store part below this subtotal cannot be checked out' }),
    deliveryRadiusMiles: Type.Integer(),
    hours: Type.Array(DayHours, { description: 'Open weekdays only; a weekday without an entry is closed' }),
  },
  { title: 'StoreRules' },
);

const Hold = Type.Object(
  { storeUuid: Type.String({ format: 'uuid' }), startsAt: IsoTime, endsAt: IsoTime, expiresAt: IsoTime },
  { title: 'DeliveryHold' },
);

const StoreWindows = Type.Object(
  {
    storeUuid: Type.String({ format: 'uuid' }),
    storeName: Type.String(),
    timeZone: Type.String(),
    windows: Type.Array(Type.Object({ startsAt: IsoTime, endsAt: IsoTime, available: Type.Boolean({ description: 'False when full' }) })),
    hold: Type.Union([Hold, Type.Null()], { description: "The caller's live hold at this store" }),
  },
  { title: 'StoreWindows' },
);

const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/open/store-rules',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Every store's opening hours, minimum order and delivery radius",
        response: { 200: Type.Array(StoreRules), ...errorResponses },
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
          200: Type.Object({
            zip: Type.String(),
            stores: Type.Record(
              Type.String(),
              Type.Object({ delivers: Type.Boolean(), distance: Type.Number({ description: 'Miles, 1 decimal' }) }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => app.services.deliveryWindows.coverage(requireUser(request).uuid),
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
        response: { 200: Type.Array(StoreWindows), ...errorResponses },
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
        response: { 200: Hold, ...errorResponses },
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
