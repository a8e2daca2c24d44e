// POST /payments/paypal/orders (decision 003): the browser's PayPal `createOrder`. The server prices
// the cart, remembers it as a checkout intent and creates the PayPal order for that total, so the
// amount the shopper approves is never the browser's number.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { PaymentBreakdownSchema } from '@grocer/shared/schemas';
import { CartItemsBody } from '../pricing/schemas.ts';
import paypalConfigRoutes from './config.ts';

const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(paypalConfigRoutes);

  app.post(
    '/payments/paypal/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'Create the PayPal order for a cart',
        description:
          '400 ADDRESS_REQUIRED / ADDRESS_INVALID, 403 EMAIL_NOT_VERIFIED, 409 PRODUCTS_UNAVAILABLE (error.products), 502 PAYMENT_PROVIDER_UNAVAILABLE.',
        body: CartItemsBody,
        response: {
          200: Type.Object({
            paypalOrderId: Type.String({ description: "Return it from the PayPal button's createOrder" }),
            orderReference: Type.String({ format: 'uuid', description: 'The future order id (PayPal invoice_id)' }),
            pricing: PaymentBreakdownSchema,
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => app.services.checkout.createPaypalOrder(requireUser(request), request.body.items),
  );
};

export default paymentRoutes;
