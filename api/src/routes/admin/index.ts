// /admin/notifications: what the shop told stores, customers and the dashboard, for admins. The list
// pages newest first; the stream pushes each notification as it is stored (Server-Sent Events).
// /admin/refunds: the money sent back to payers (services/orders/refunds.ts), newest first.
//
// Browsers' EventSource cannot send an Authorization header, so the stream also accepts
// `?ticket=` from POST /admin/notifications/stream-ticket: a 60-second token that is good for
// nothing else. Fetch-streaming clients may send the bearer header instead.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { errorResponses, httpError } from '../../db/errors.ts';
import { SHOPPER_UPDATE_TYPES } from '../../db/schema.ts';
import { createSseStreams, HEARTBEAT_MS } from '../../lib/sse.ts';
import { OPS_ONLY_MESSAGE, requireAdmin, requireOps, unauthorized } from '../../plugins/authenticate.ts';
import { TICKET_TTL_SECONDS } from '../../plugins/services.ts';
import type { AdminNotificationJson } from '../../services/orders/notificationFeed.ts';
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT } from '../../services/orders/notifications.ts';
import { REFUND_LIST_DEFAULT_LIMIT, REFUND_LIST_MAX_LIMIT } from '../../services/orders/refunds.ts';

/** Open streams per admin, per API process: a few tabs are normal, hundreds are a leak or an attack. */
export const MAX_STREAMS_PER_ADMIN = 5;

const NOTIFICATION_TYPES = ['order_created', 'new_order', 'new_order_items', 'order_cancelled', ...SHOPPER_UPDATE_TYPES] as const;

const AdminNotificationSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Increasing; the SSE event id' }),
    type: Type.Enum([...NOTIFICATION_TYPES]),
    orderId: Type.String({ format: 'uuid' }),
    recipient: Type.String({ description: "'admin', 'store:{uuid}' or 'customer:{uuid}'" }),
    deliverTo: Type.Union([Type.String(), Type.Null()], { description: 'The e-mail address it is mailed to; null for the dashboard' }),
    deliveredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null while the mail has not gone out' }),
    attempts: Type.Integer({ description: 'Mail attempts so far' }),
    createdAt: Type.String({ format: 'date-time' }),
    payload: Type.Record(Type.String(), Type.Unknown(), { description: "Spec §3 'Notification payloads' (new_order, new_order_items)" }),
  },
  { title: 'AdminNotification' },
);

const REFUND_STATUSES = ['REQUESTED', 'COMPLETED', 'FAILED'] as const;
const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

const AdminRefundSchema = Type.Object(
  {
    id: Type.Integer(),
    orderId: Type.String({ format: 'uuid' }),
    paypalCaptureId: Type.String(),
    amount: Type.Number({ description: 'In `currency` (dollars for USD)' }),
    currency: Type.String(),
    reason: Type.String(),
    status: Type.Enum([...REFUND_STATUSES], {
      description:
        'REQUESTED: recorded, PayPal has not confirmed it yet; COMPLETED: refunded; FAILED: the last attempt failed (retried at nextAttemptAt)',
    }),
    paypalRefundId: nullable(Type.String(), "PayPal's refund id, once PayPal answered"),
    paypalStatus: nullable(Type.String(), "PayPal's refund status"),
    attempts: Type.Integer(),
    nextAttemptAt: nullable(
      Type.String({ format: 'date-time' }),
      'When the worker tries again; null when it will not (completed, or out of attempts)',
    ),
    lastError: nullable(Type.String(), 'Why the last attempt failed'),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: nullable(Type.String({ format: 'date-time' }), 'When PayPal completed it'),
  },
  { title: 'AdminRefund' },
);

/** `event: {type}`, `id: {id}` and the notification as `data`, one line of JSON. */
export function sseEvent(notification: AdminNotificationJson): string {
  return `id: ${notification.id}\nevent: ${notification.type}\ndata: ${JSON.stringify(notification)}\n\n`;
}

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];
  const streams = createSseStreams(app, { maxPerOwner: MAX_STREAMS_PER_ADMIN, what: 'notification' });

  app.get(
    '/admin/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Stored notifications, newest first (admins)',
        description: '403 FORBIDDEN for anyone but an admin. The next page: ?cursor={nextCursor}.',
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: ADMIN_LIST_MAX_LIMIT, default: ADMIN_LIST_DEFAULT_LIMIT }),
          cursor: Type.Optional(Type.String({ maxLength: 200, description: 'Opaque, from nextCursor' })),
          type: Type.Optional(Type.Enum([...NOTIFICATION_TYPES])),
        }),
        response: {
          200: Type.Object({
            notifications: Type.Array(AdminNotificationSchema),
            nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return app.services.notifications.list(request.query);
    },
  );

  app.get(
    '/admin/refunds',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Refunds sent to PayPal, newest first (admins)',
        description: [
          'Every capture that did not end in a paid order (an amount or currency PayPal captured that was not asked for, a paid order cancelled) is refunded.',
          '403 FORBIDDEN for anyone but an admin. Filter by status or orderId; the next page: ?cursor={nextCursor}.',
        ].join(' '),
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: REFUND_LIST_MAX_LIMIT, default: REFUND_LIST_DEFAULT_LIMIT }),
          cursor: Type.Optional(Type.String({ maxLength: 200, description: 'Opaque, from nextCursor' })),
          status: Type.Optional(Type.Enum([...REFUND_STATUSES])),
          orderId: Type.Optional(Type.String({ format: 'uuid' })),
        }),
        response: {
          200: Type.Object({
            refunds: Type.Array(AdminRefundSchema),
            nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return app.services.refunds.list(request.query);
    },
  );

  app.post(
    '/admin/notifications/stream-ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A single-use ticket for opening the notification stream with EventSource (admins and store staff)',
        description: `Good once, within ${TICKET_TTL_SECONDS} seconds, and only for GET /admin/notifications/stream?ticket=…; get a new one for each (re)connection.`,
        response: {
          200: Type.Object({ ticket: Type.String(), expiresAt: Type.String({ format: 'date-time' }) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = requireOps(request);
      const { ticket, expiresAt } = await app.services.auth.issueTicket(user.claims, 'admin-stream');
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  );

  /**
   * The bearer header's admin or staff member, or the (single-use) ticket's; 401 without either, 403
   * for anyone else. Staff get their store's uuid: their stream carries only that store's notifications.
   */
  async function streamUser(
    request: FastifyRequest,
    reply: FastifyReply,
    ticket: string | undefined,
  ): Promise<{ uuid: string; storeUuid: string | null }> {
    let caller: { uuid: string; role: string; storeId: number | null };
    if (request.headers.authorization !== undefined || ticket === undefined) {
      await app.authenticate(request, reply);
      caller = requireOps(request);
    } else {
      const row = await app.services.auth.authenticateTicket(ticket, 'admin-stream');
      if (!row) throw unauthorized();
      if (row.role !== 'ADMIN' && row.role !== 'STORE_STAFF') throw httpError(403, 'FORBIDDEN', OPS_ONLY_MESSAGE);
      caller = row;
    }
    if (caller.role === 'ADMIN') return { uuid: caller.uuid, storeUuid: null };
    return {
      uuid: caller.uuid,
      storeUuid: await app.services.ops.access.scopeUuid({ role: 'STORE_STAFF', storeId: caller.storeId }),
    };
  }

  app.get(
    '/admin/notifications/stream',
    {
      schema: {
        tags,
        summary: 'Live notifications as Server-Sent Events (admins; store staff: their store only)',
        description: [
          'Auth: `Authorization: Bearer {session}` (fetch streaming) or `?ticket=` from POST /admin/notifications/stream-ticket (EventSource).',
          'Each stored notification is one event: `id` = its id, `event` = its type (new_order, new_order_items, order_created),',
          '`data` = the AdminNotification JSON. Only notifications stored after connecting are sent, unless `Last-Event-ID`',
          '(header, as EventSource sends on reconnect) or `?lastEventId=` asks for those after that id.',
          `A ': ping' comment every ${HEARTBEAT_MS / 1000} s keeps the connection open. 401 / 403 as JSON errors before the stream starts;`,
          `a ticket works once (a replay is 401); past ${MAX_STREAMS_PER_ADMIN} open streams per admin, 429 TOO_MANY_STREAMS.`,
          'Store staff receive only notifications addressed to their store (`new_order_items`: a paid order with their lines).',
        ].join(' '),
        querystring: Type.Object({
          ticket: Type.Optional(Type.String({ maxLength: 2000 })),
          lastEventId: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
        response: {
          200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: Type.String() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { uuid: adminUuid, storeUuid } = await streamUser(request, reply, request.query.ticket);
      const recipient = storeUuid === null ? null : `store:${storeUuid}`;
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;
      const afterId = fromHeader ?? request.query.lastEventId ?? null;

      await streams.open(request, reply, adminUuid, (write) =>
        app.services.notificationFeed.subscribe(afterId, (n) => {
          if (recipient === null || n.recipient === recipient) write(sseEvent(n));
        }),
      );
    },
  );
};

export default adminRoutes;
