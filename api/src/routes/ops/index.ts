// /ops (docs/ops-api.md): what admins and store staff do — the order board and pick lists, fulfilment,
// cancellation, inventory, store settings, staff accounts and the notifications panel. Thin: schemas
// here (schemas.ts), rules in services/ops/. Every route is for ADMIN or STORE_STAFF (401 without a
// session, 403 for customers); staff reach their own store only, and anything of another store is 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../db/errors.ts';
import { requireAdmin, requireOps } from '../../plugins/authenticate.ts';
import { toOpsStore } from '../../services/ops/access.ts';
import { STAFF_MESSAGES } from '../../services/ops/staff.ts';
import {
  AcceptInvitationPayloadSchema,
  OpsAdvancePayloadSchema,
  OpsCancelPayloadSchema,
  OpsInventoryBulkPayloadSchema,
  OpsInventoryBulkResultSchema,
  OpsInventoryImportResultSchema,
  OpsInventoryPatchSchema,
  OpsStockChangeListSchema,
  OpsMarkLinePayloadSchema,
  OpsStaffCreatePayloadSchema,
  OpsInventoryPageSchema,
  OpsInventoryQuerySchema,
  OpsOrdersQuerySchema,
  OpsInventoryProductSchema,
  OpsMeSchema,
  OpsNotificationPageSchema,
  OpsNotificationSchema,
  OpsPasswordChangePayloadSchema,
  OpsQueueSchema,
  OpsOrderPageSchema,
  OpsPriceChangeListSchema,
  OpsReplacementListSchema,
  OpsStaffMemberSchema,
  OpsStorePartSchema,
  OpsStoreSettingsSchema,
} from '@grocer/shared/schemas';
import { OPS_IMPORT_MAX_BYTES } from '@grocer/shared/contracts';
import { decodeCsvBody } from '../../services/ops/inventoryCsv.ts';
import { NotificationsQuery, StoreSettingsBody } from './schemas.ts';

const Id = Type.String({ maxLength: 64 });
const LineId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const WHO = 'Admins and store staff (staff: their own store; another store is 404). 401 without a session, 403 for customers.';
const ADMINS = 'Admins only: 403 for staff and customers, 401 without a session.';

const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const onRequest = app.authenticate;
  const ops = () => app.services.ops;
  const tags = ['ops'];

  app.get(
    '/ops/me',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Who is signed in to the ops screens, and which stores they may act on',
        description: WHO,
        response: { 200: OpsMeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireOps(request);
      const stores = (await ops().access.stores(user)).map(toOpsStore);
      return {
        uuid: user.uuid,
        email: user.account.email,
        firstName: user.account.firstName,
        lastName: user.account.lastName,
        role: user.role === 'ADMIN' ? ('ADMIN' as const) : ('STORE_STAFF' as const),
        store: user.role === 'ADMIN' ? null : (stores[0] ?? null),
        stores,
      };
    },
  );

  app.post(
    '/ops/me/password',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change the signed-in ops user's own password",
        description: `${WHO} The current password is checked first: 400 VALIDATION_ERROR (field currentPassword) when wrong, (field newPassword) when the new one breaks the sign-up rules.`,
        body: OpsPasswordChangePayloadSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      await ops().staff.changePassword(requireOps(request), request.body.currentPassword, request.body.newPassword);
      return { success: true as const, message: STAFF_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/ops/queue',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The board as a queue by due time: parts in the store or on the way and those delivered today, soonest window first',
        description: `${WHO} Each card has its booked window, what is left to pick and the store's own total. Admins: ?storeUuid= narrows to one store.`,
        querystring: Type.Object({ storeUuid: Type.Optional(Id) }),
        response: { 200: OpsQueueSchema, ...errorResponses },
      },
    },
    async (request) => ops().board.queue(requireOps(request), request.query.storeUuid),
  );

  // ---- Staff accounts --------------------------------------------------------------------------

  app.get(
    '/ops/staff',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Staff accounts, by store',
        description: ADMINS,
        querystring: Type.Object({ storeUuid: Type.Optional(Id) }),
        response: { 200: Type.Object({ staff: Type.Array(OpsStaffMemberSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ staff: await ops().staff.list(requireAdmin(request), request.query.storeUuid) }),
  );

  app.post(
    '/ops/staff',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a staff account for a store and e-mail the invitation',
        description: `${ADMINS} The invitation is a single-use link to the set-password page, valid 72 hours. 409 EMAIL_TAKEN, 404 STORE_NOT_FOUND.`,
        body: OpsStaffCreatePayloadSchema,
        response: { 201: OpsStaffMemberSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = await ops().staff.create(requireAdmin(request), request.body);
      return reply.code(201).send(member);
    },
  );

  app.post(
    '/ops/staff/:userUuid/invitation',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a staff member a new invitation (older links stop working)',
        description: `${ADMINS} 404 STAFF_NOT_FOUND, 409 STAFF_ACTIVE once the password is set.`,
        params: Type.Object({ userUuid: Id }),
        response: { 200: OpsStaffMemberSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return ops().staff.reinvite(admin, request.params.userUuid);
    },
  );

  app.post(
    '/auth/accept-invitation',
    {
      schema: {
        tags: ['auth'],
        summary: "Accept a staff invitation: the link's token and the chosen password",
        description:
          '400 INVALID_TOKEN for a used, replaced or expired link; 400 VALIDATION_ERROR for a weak password (the link stays usable). Then sign in as usual.',
        body: AcceptInvitationPayloadSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      await ops().staff.accept(request.body.token, request.body.password);
      return { success: true as const, message: 'Your password is set. You can sign in now.' };
    },
  );

  // ---- The order board -----------------------------------------------------------------------------

  app.get(
    '/ops/orders',
    {
      onRequest,
      schema: {
        tags,
        summary: "The order board: paid orders, one row per store's part, newest first",
        description: `${WHO} Filter by store (admins), part status and day (America/Chicago). Next page: ?cursor={nextCursor}.`,
        querystring: OpsOrdersQuerySchema,
        response: { 200: OpsOrderPageSchema, ...errorResponses },
      },
    },
    async (request) => ops().board.list(requireOps(request), request.query),
  );

  const PartParams = Type.Object({ orderId: Id, storeUuid: Id });

  app.get(
    '/ops/orders/:orderId/stores/:storeUuid',
    {
      onRequest,
      schema: {
        tags,
        summary: "A store's part of an order: the pick list, the order's totals and refunds",
        description: `${WHO} 404 ORDER_NOT_FOUND / STORE_NOT_FOUND.`,
        params: PartParams,
        response: { 200: OpsStorePartSchema, ...errorResponses },
      },
    },
    async (request) => ops().board.part(requireOps(request), request.params.orderId, request.params.storeUuid),
  );

  app.post(
    '/ops/orders/:orderId/stores/:storeUuid/status',
    {
      onRequest,
      schema: {
        tags,
        summary: "Move a store's part to its next status",
        description: `${WHO} The order status table decides: anything else is 409 INVALID_STATUS_TRANSITION (error.allowed). READY_FOR_PICKUP with a line still PENDING is 409 LINES_UNRESOLVED; DELIVERED before the booked window opens is 409 DELIVER_EARLY_REQUIRED unless deliverEarly is true (then recorded: who, when). The order takes its least advanced part's status. A repeat changes nothing.`,
        params: PartParams,
        body: OpsAdvancePayloadSchema,
        response: { 200: OpsStorePartSchema, ...errorResponses },
      },
    },
    async (request) =>
      ops().board.advance(
        requireOps(request),
        request.params.orderId,
        request.params.storeUuid,
        request.body.status,
        request.body.deliverEarly,
      ),
  );

  const LineParams = Type.Object({ orderId: Id, lineId: LineId });

  app.post(
    '/ops/orders/:orderId/lines/:lineId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark a line found, replaced or unavailable; the order is re-priced and the difference refunded',
        description: [
          WHO,
          'REPLACED needs replacementProductUuid: an active product of the same store, in stock, at the same or a lower price (400 VALIDATION_ERROR, 409 REPLACEMENT_OUT_OF_STOCK).',
          'The total, tax and fees are recomputed; what the shopper paid too much is refunded through PayPal once per line.',
          'A repeat answers the same; a replaced or unavailable line cannot change again (409 LINE_SETTLED); 409 ORDER_PART_CLOSED past READY_FOR_PICKUP, 409 ORDER_CANCELLED.',
        ].join(' '),
        params: LineParams,
        body: OpsMarkLinePayloadSchema,
        response: { 200: OpsStorePartSchema, ...errorResponses },
      },
    },
    async (request) => ops().fulfilment.markLine(requireOps(request), request.params.orderId, request.params.lineId, request.body),
  );

  app.get(
    '/ops/orders/:orderId/lines/:lineId/replacements',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Products that may replace a line (same store, active, in stock, same or lower price)',
        description: `${WHO} The shopper's chosen substitute first; ?q= narrows by name.`,
        params: LineParams,
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: OpsReplacementListSchema, ...errorResponses },
      },
    },
    async (request) => ops().fulfilment.replacements(requireOps(request), request.params.orderId, request.params.lineId, request.query.q),
  );

  app.post(
    '/ops/orders/:orderId/cancel',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Cancel an order with a reason: everything captured is refunded, stock released, the shopper mailed',
        description: `${ADMINS} A repeat changes nothing. 409 INVALID_STATUS_TRANSITION once delivered, 409 ORDER_NOT_PAID.`,
        params: Type.Object({ orderId: Id }),
        body: OpsCancelPayloadSchema,
        response: { 200: OpsStorePartSchema, ...errorResponses },
      },
    },
    async (request) => ops().fulfilment.cancel(requireAdmin(request), request.params.orderId, request.body.reason.trim()),
  );

  // ---- Inventory -----------------------------------------------------------------------------------

  const StoreParams = Type.Object({ storeUuid: Id });
  const ProductParams = Type.Object({ storeUuid: Id, productUuid: Id });

  app.get(
    '/ops/stores/:storeUuid/products',
    {
      onRequest,
      schema: {
        tags,
        summary: "A store's products by name, inactive ones included",
        description: `${WHO} ?q= matches part of the name. Next page: ?cursor={nextCursor}.`,
        params: StoreParams,
        querystring: OpsInventoryQuerySchema,
        response: { 200: OpsInventoryPageSchema, ...errorResponses },
      },
    },
    async (request) => ops().inventory.list(requireOps(request), request.params.storeUuid, request.query),
  );

  app.patch(
    '/ops/stores/:storeUuid/products/:productUuid',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Set the count on hand, the price or activity (each audited)',
        description: `${WHO} stockQuantity: 0 to 100000 (0 is out of stock); priceCents: integer cents, 1 to 100000. Carts and open checkouts meet a new price as 409 PRICE_CHANGED. 404 PRODUCT_NOT_FOUND.`,
        params: ProductParams,
        body: OpsInventoryPatchSchema,
        response: { 200: OpsInventoryProductSchema, ...errorResponses },
      },
    },
    async (request) => ops().inventory.patch(requireOps(request), request.params.storeUuid, request.params.productUuid, request.body),
  );

  app.get(
    '/ops/stores/:storeUuid/products/:productUuid/price-changes',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's price changes, newest first: who and when",
        description: WHO,
        params: ProductParams,
        response: { 200: OpsPriceChangeListSchema, ...errorResponses },
      },
    },
    async (request) => ops().inventory.priceChanges(requireOps(request), request.params.storeUuid, request.params.productUuid),
  );

  app.get(
    '/ops/stores/:storeUuid/products/:productUuid/stock-changes',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's count changes, newest first: who, when, from, to and why",
        description: WHO,
        params: ProductParams,
        response: { 200: OpsStockChangeListSchema, ...errorResponses },
      },
    },
    async (request) => ops().inventory.stockChanges(requireOps(request), request.params.storeUuid, request.params.productUuid),
  );

  app.post(
    '/ops/stores/:storeUuid/products/bulk',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One action on selected products: set the count, mark unavailable, or change the price by a percentage',
        description: `${WHO} preview: true answers what would change and changes nothing. Applied in one transaction, audited; 400 VALIDATION_ERROR when a new price would leave 1 to 100000 cents (nothing changes), 404 PRODUCT_NOT_FOUND for an id not of this store.`,
        params: StoreParams,
        body: OpsInventoryBulkPayloadSchema,
        response: { 200: OpsInventoryBulkResultSchema, ...errorResponses },
      },
    },
    async (request) => ops().inventory.bulk(requireOps(request), request.params.storeUuid, request.body),
  );

  app.get(
    '/ops/stores/:storeUuid/inventory.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: "The store's inventory as CSV: uuid, item_key, name, size, price, stock, active",
        description: `${WHO} Cells a spreadsheet would run as a formula start with an apostrophe.`,
        params: StoreParams,
        response: { 200: Type.String(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await ops().inventoryCsv.exportCsv(requireOps(request), request.params.storeUuid);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  // An import is sent as the file's bytes (Content-Type: text/csv), read here as UTF-8 or refused with a
  // clear 400; the body limit answers a larger file with 413 before it is read whole.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: OPS_IMPORT_MAX_BYTES }, (_request, body, done) => {
    try {
      done(null, decodeCsvBody(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  const ImportSchema = (summary: string, description: string) => ({
    tags,
    summary,
    description: `${WHO} ${description} Body: the CSV file (text/csv, UTF-8, at most ${OPS_IMPORT_MAX_BYTES / 1024 / 1024} MB) with the columns uuid, price (dollars) and stock; a blank cell keeps the value. 413 PAYLOAD_TOO_LARGE, 400 INVALID_CSV for another encoding, a wrong header or too many rows.`,
    params: StoreParams,
    body: Type.String(),
    response: { 200: OpsInventoryImportResultSchema, ...errorResponses },
  });

  app.post(
    '/ops/stores/:storeUuid/inventory/import/preview',
    {
      onRequest,
      bodyLimit: OPS_IMPORT_MAX_BYTES,
      schema: ImportSchema('Preview a CSV import: the rows that change, how many do not, and row errors by line', 'Changes nothing.'),
    },
    async (request) => ops().inventoryCsv.preview(requireOps(request), request.params.storeUuid, request.body),
  );

  app.post(
    '/ops/stores/:storeUuid/inventory/import',
    {
      onRequest,
      bodyLimit: OPS_IMPORT_MAX_BYTES,
      schema: ImportSchema(
        'Apply a CSV import of prices and counts: all of it in one transaction, or nothing',
        'Audited like inline edits. 400 VALIDATION_ERROR when any row is at fault (nothing changes).',
      ),
    },
    async (request) => ops().inventoryCsv.apply(requireOps(request), request.params.storeUuid, request.body),
  );

  // ---- Store settings ------------------------------------------------------------------------------

  app.get(
    '/ops/stores/:storeUuid/settings',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Opening hours per weekday, minimum order, delivery radius, window capacity',
        description: `${WHO} A weekday missing from hours is closed.`,
        params: StoreParams,
        response: { 200: OpsStoreSettingsSchema, ...errorResponses },
      },
    },
    async (request) => ops().settings.get(requireOps(request), request.params.storeUuid),
  );

  app.put(
    '/ops/stores/:storeUuid/settings',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replace a store's settings (hours replace the whole week)",
        description: `${WHO} 400 VALIDATION_ERROR naming the field (hours must open before they close, one entry per weekday).`,
        params: StoreParams,
        body: StoreSettingsBody,
        response: { 200: OpsStoreSettingsSchema, ...errorResponses },
      },
    },
    async (request) => ops().settings.put(requireOps(request), request.params.storeUuid, request.body),
  );

  // ---- Notifications panel -------------------------------------------------------------------------

  app.get(
    '/ops/notifications',
    {
      onRequest,
      schema: {
        tags,
        summary: 'What was sent to whom, newest first, with the mail delivery state',
        description: `${WHO} Staff see their store's mail. Next page: ?cursor={nextCursor}.`,
        querystring: NotificationsQuery,
        response: { 200: OpsNotificationPageSchema, ...errorResponses },
      },
    },
    async (request) => ops().notifications.list(requireOps(request), request.query),
  );

  app.post(
    '/ops/notifications/:id/retry',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send an undelivered mail again now',
        description: `${WHO} 409 NOT_RETRYABLE when it was delivered or is not a mail; 502 NOTIFICATION_DELIVERY_FAILED when it failed again (the outbox keeps retrying). 404 NOTIFICATION_NOT_FOUND.`,
        params: Type.Object({ id: LineId }),
        response: { 200: OpsNotificationSchema, ...errorResponses },
      },
    },
    async (request) => ops().notifications.retry(requireOps(request), request.params.id),
  );
};

export default opsRoutes;
