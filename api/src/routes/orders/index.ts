// /orders (spec §7, decision 003): place an order from an approved PayPal order, complete
// its payment, move its status, and read orders back. Thin: schemas here, rules in services/orders/.
import { normalizePhone, validatePhone } from '@grocer/shared/validation';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, httpError, withFailureMessage } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { BUY_AGAIN_DEFAULT_LIMIT, BUY_AGAIN_MAX_LIMIT } from '../../services/orders/buyAgain.ts';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from '../../services/orders/read.ts';
import { BuyAgainSchema, OrderCreatedSchema, OrderSchema, ReorderSchema, TrackingSchema } from '@grocer/shared/schemas';
import { IdempotencyHeaders, OrderCreateBody, TrackingBody } from './schemas.ts';

/** The next page of the history; exposed to browsers through CORS (app.ts). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: an unauthenticated call is a 401 before its body is even validated.
  const onRequest = app.authenticate;
  const orders = () => app.services.orders;
  const tags = ['orders'];

  app.post(
    '/orders/create',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Place the order for an approved PayPal order and capture the payment',
        description: [
          'Idempotent: a repeat with the same PayPal order (or Idempotency-Key) returns the same order.',
          'Errors: 400 VALIDATION_ERROR (deliveryInfo.phone), 404 PAYPAL_ORDER_NOT_FOUND (not created by this user through /payments/paypal/orders),',
          '409 CART_CHANGED / PRICE_CHANGED / PRODUCTS_UNAVAILABLE (error.products) / IDEMPOTENCY_KEY_REUSED (nothing captured),',
          "402 PAYMENT_FAILED 'PayPal payment failed. Please try again.' (declined or never approved; order cancelled, stock released),",
          '409 AMOUNT_MISMATCH (PayPal captured another amount; order cancelled and the capture refunded), 502 PAYMENT_PROVIDER_UNAVAILABLE (PayPal did not answer; retry).',
          "Once paid, the order is CONFIRMED and the stores, the admin dashboard and the customer are notified by the server; the checkout's follow-up calls only confirm it.",
        ].join(' '),
        headers: IdempotencyHeaders,
        body: OrderCreateBody,
        response: { 200: OrderCreatedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { items, deliveryInfo, paypalOrderDetails } = request.body;
      const phoneProblem = validatePhone(deliveryInfo.phone);
      if (phoneProblem) throw httpError(400, 'VALIDATION_ERROR', phoneProblem, 'deliveryInfo.phone');
      const instructions = deliveryInfo.deliveryInstructions?.trim();
      return orders().place(requireUser(request), {
        paypalOrderId: paypalOrderDetails.id,
        items,
        phone: normalizePhone(deliveryInfo.phone),
        deliveryInstructions: instructions ? instructions : null,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      });
    },
  );

  app.post(
    '/orders/paypal/complete',
    {
      onRequest,
      schema: {
        tags,
        summary: "Re-read the order's PayPal payment and record its capture (idempotent)",
        description:
          "The order's owner, or an admin (to settle a stuck payment). 404 ORDER_NOT_FOUND for anyone else, 402 PAYMENT_FAILED, 409 AMOUNT_MISMATCH, 502 PAYMENT_PROVIDER_UNAVAILABLE.",
        body: Type.Object({
          orderId: Type.String({ maxLength: 64 }),
          paymentDetails: Type.Optional(Type.Unknown({ description: "Ignored: PayPal's own record is read" })),
          user: Type.Optional(Type.Unknown({ description: 'Ignored' })),
        }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            message: Type.String(),
            orderId: Type.String({ format: 'uuid' }),
            transactionId: Type.Union([Type.String(), Type.Null()], { description: 'The PayPal capture id' }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => orders().completePayment(requireUser(request), request.body.orderId),
  );

  app.post(
    '/orders/tracking',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Record a status change (tracking event) of an order',
        description: [
          'PENDING → CONFIRMED → PREPARING → READY_FOR_PICKUP → OUT_FOR_DELIVERY → DELIVERED, and CANCELLED from any status before DELIVERED.',
          "A customer may record only 'confirmed', on their own order (403 FORBIDDEN for any other status); admins may record any transition on any order.",
          '404 ORDER_NOT_FOUND (not yours, unknown id); 400 VALIDATION_ERROR (not a status); 409 ORDER_NOT_PAID;',
          '409 INVALID_STATUS_TRANSITION with error.allowed = the statuses the order may move to next.',
          'Recording the status the order already has changes nothing and answers the same (retries are safe).',
          'Cancelling a paid order gives its stock back and refunds its PayPal capture (refundDue, dollars; GET /admin/refunds shows the refund).',
          "Other failures: 'Failed to create order tracking'.",
        ].join(' '),
        body: TrackingBody,
        response: { 200: TrackingSchema, ...errorResponses },
      },
    },
    async (request) =>
      withFailureMessage('TRACKING_FAILED', 'Failed to create order tracking', request.log, () =>
        orders().track(requireUser(request), request.body),
      ),
  );

  // Static, so it wins over /orders/:id.
  app.get(
    '/orders/user/history',
    {
      onRequest,
      schema: {
        tags,
        summary: "The caller's orders, newest first",
        description: `The next page's cursor is in the ${NEXT_CURSOR_HEADER} response header (absent on the last page).`,
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: HISTORY_MAX_LIMIT, default: HISTORY_DEFAULT_LIMIT }),
          cursor: Type.Optional(Type.String({ maxLength: 200, description: 'Opaque, from x-next-cursor' })),
        }),
        response: { 200: Type.Array(OrderSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await orders().history(requireUser(request), request.query.limit, request.query.cursor);
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.orders;
    },
  );

  // Static, so it wins over /orders/:id.
  app.get(
    '/orders/buy-again',
    {
      onRequest,
      schema: {
        tags,
        summary: "Products from the caller's paid orders, most often bought first, with today's price and stock",
        description: 'Products no longer sold are left out.',
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: BUY_AGAIN_MAX_LIMIT, default: BUY_AGAIN_DEFAULT_LIMIT }) }),
        response: { 200: BuyAgainSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await app.services.buyAgain.buyAgain(requireUser(request), request.query.limit) }),
  );

  app.post(
    '/orders/:id/reorder',
    {
      onRequest,
      schema: {
        tags,
        summary: "What of one of the caller's orders can go back into the cart, at today's prices",
        description: [
          "Changes nothing on the server (the cart is the browser's): `added` are today's products with the quantity and 'If out of stock' choice ordered then;",
          '`skipped` names each line that cannot be added and why (OUT_OF_STOCK, INACTIVE, NOT_FOUND, OUT_OF_DELIVERY_AREA).',
          "404 'Order not found or unable to retrieve order details' for an unknown id or someone else's order.",
        ].join(' '),
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: ReorderSchema, ...errorResponses },
      },
    },
    async (request) => app.services.buyAgain.reorder(requireUser(request), request.params.id),
  );

  app.get(
    '/orders/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One order (its owner, or an admin)',
        description: "Anyone else gets 404 'Order not found or unable to retrieve order details'.",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: OrderSchema, ...errorResponses },
      },
    },
    async (request) => orders().get(requireUser(request), request.params.id),
  );
};

export default orderRoutes;
