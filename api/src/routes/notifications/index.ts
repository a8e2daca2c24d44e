// POST /notifications/{order-created,admin,stores} (spec §7): the browser names the order; the
// contents come from the stored order, each recipient is told once, and e-mails go out once
// (services/orders/notifications.ts). Failures say the spec's default message.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, withFailureMessage } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { NOTIFICATION_FAILURES } from '../../services/orders/notifications.ts';

const Ignored = Type.Optional(Type.Unknown({ description: 'Ignored: built from the stored order' }));

type Send = keyof typeof NOTIFICATION_FAILURES;

const ROUTES: { path: string; summary: string; body: Record<string, typeof Ignored>; send: Send }[] = [
  {
    path: '/notifications/order-created',
    summary: "The customer's order confirmation (e-mail, once)",
    body: { orderData: Ignored },
    send: 'orderCreated',
  },
  {
    path: '/notifications/admin',
    summary: 'Tell the admin dashboard about a new order (once; GET /admin/notifications and its stream)',
    body: { type: Ignored, customerName: Ignored, totalAmount: Ignored, itemCount: Ignored, storeCount: Ignored, timestamp: Ignored },
    send: 'admin',
  },
  {
    path: '/notifications/stores',
    summary: "Send each store its items of the order (once per store, e-mailed to the store's contact address)",
    body: { storeOrderData: Ignored },
    send: 'stores',
  },
];

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const route of ROUTES) {
    app.post(
      route.path,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['notifications'],
          summary: route.summary,
          description: [
            "The caller's own paid order (or any, for an admin): 404 ORDER_NOT_FOUND, 409 ORDER_NOT_PAID or ORDER_CANCELLED. Repeats answer the same and mail nothing twice.",
            `A mail that could not be sent: 502 NOTIFICATION_DELIVERY_FAILED '${NOTIFICATION_FAILURES[route.send]}' (the next call retries it); other failures say the same message.`,
          ].join(' '),
          body: Type.Object({ orderId: Type.String({ maxLength: 64 }), ...route.body }),
          response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }), ...errorResponses },
        },
      },
      async (request) =>
        withFailureMessage('NOTIFICATION_FAILED', NOTIFICATION_FAILURES[route.send], request.log, () =>
          app.services.notifications[route.send](requireUser(request), request.body.orderId),
        ),
    );
  }
};

export default notificationRoutes;
