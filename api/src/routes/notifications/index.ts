// POST /notifications/{order-created,admin,stores} (spec §7): the browser names the order; the
// contents come from the stored order and each recipient is told once (services/orders/notifications.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { NotificationsService } from '../../services/orders/notifications.ts';

const Ignored = Type.Optional(Type.Unknown({ description: 'Ignored: built from the stored order' }));

const ROUTES: { path: string; summary: string; body: Record<string, typeof Ignored>; send: keyof NotificationsService }[] = [
  {
    path: '/notifications/order-created',
    summary: "The customer's order confirmation (e-mail, once)",
    body: { orderData: Ignored },
    send: 'orderCreated',
  },
  {
    path: '/notifications/admin',
    summary: 'Tell the admin dashboard about a new order (once)',
    body: { type: Ignored, customerName: Ignored, totalAmount: Ignored, itemCount: Ignored, storeCount: Ignored, timestamp: Ignored },
    send: 'admin',
  },
  {
    path: '/notifications/stores',
    summary: 'Send each store its items of the order (once per store)',
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
          description: "The caller's own paid order (or any, for an admin): 404 ORDER_NOT_FOUND, 409 ORDER_NOT_PAID. Repeats answer the same.",
          body: Type.Object({ orderId: Type.String({ maxLength: 64 }), ...route.body }),
          response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }), ...errorResponses },
        },
      },
      async (request) => app.services.notifications[route.send](requireUser(request), request.body.orderId),
    );
  }
};

export default notificationRoutes;
