// GET /orders/{orderId}/events: the shopper's order details follow what stores and admins do to the
// order (a line found, replaced or unavailable, a refund, a part moving on, a cancellation) as
// Server-Sent Events. Each event only says "version N": the page refetches GET /orders/{orderId}, so
// the stream carries no order data of its own. EventSource cannot send a bearer header, hence the
// 60-second single-use ticket (POST /orders/{orderId}/events/ticket), as for the admin feed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../db/errors.ts';
import { requireUser, unauthorized, type AuthUser } from '../../plugins/authenticate.ts';
import { roleOf } from '../../lib/jwt.ts';
import { createSseStreams, HEARTBEAT_MS } from '../../lib/sse.ts';

/** Open order streams per user, per API process: a few tabs are normal. */
export const MAX_ORDER_STREAMS_PER_USER = 5;

const orderEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['orders'];
  const streams = createSseStreams(app, { maxPerOwner: MAX_ORDER_STREAMS_PER_USER, what: 'order' });
  const Params = Type.Object({ orderId: Type.String({ maxLength: 64 }) });

  app.post(
    '/orders/:orderId/events/ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A single-use ticket for following an order's changes with EventSource (its owner or an admin)",
        description: '404 ORDER_NOT_FOUND for an order that is not yours. Good once, within 60 seconds.',
        params: Params,
        response: { 200: Type.Object({ ticket: Type.String(), expiresAt: Type.String({ format: 'date-time' }) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await app.services.orders.findVisible(user, request.params.orderId, true);
      const { ticket, expiresAt } = await app.services.auth.issueTicket(user.claims, 'order-stream');
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  );

  async function streamUser(
    request: FastifyRequest,
    reply: FastifyReply,
    ticket: string | undefined,
  ): Promise<Pick<AuthUser, 'uuid' | 'role' | 'authMethod'>> {
    if (request.headers.authorization !== undefined || ticket === undefined) {
      await app.authenticate(request, reply);
      return requireUser(request);
    }
    const row = await app.services.auth.authenticateTicket(ticket, 'order-stream');
    if (!row) throw unauthorized();
    return { uuid: row.uuid, role: roleOf(row.role), authMethod: 'email' };
  }

  app.get(
    '/orders/:orderId/events',
    {
      schema: {
        tags,
        summary: "An order's changes as Server-Sent Events (its owner or an admin)",
        description: [
          'Auth: `Authorization: Bearer {session}` or `?ticket=` from POST /orders/{orderId}/events/ticket.',
          'Each change is `event: order_updated` with `data` = OrderUpdatedEvent `{ orderId, version, orderStatus }`: refetch the order.',
          `A ': ping' comment every ${HEARTBEAT_MS / 1000} s. 401 / 404 ORDER_NOT_FOUND as JSON before the stream starts; 429 TOO_MANY_STREAMS past ${MAX_ORDER_STREAMS_PER_USER} per user.`,
        ].join(' '),
        params: Params,
        querystring: Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 2000 })) }),
        response: {
          200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: Type.String() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await streamUser(request, reply, request.query.ticket);
      const order = await app.services.orders.findVisible(user, request.params.orderId, true);
      await streams.open(request, reply, user.uuid, (write) =>
        app.services.orderEvents.subscribe(order.id, (event) =>
          write(`id: ${event.version}\nevent: order_updated\ndata: ${JSON.stringify(event)}\n\n`),
        ),
      );
    },
  );
};

export default orderEventRoutes;
