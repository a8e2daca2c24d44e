// POST /pricing/calculate: the cart priced from the database for the account's address (decision
// 003). The cart page and the checkout summary show this; client prices are never sent or read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { CartPricingSchema } from '@grocer/shared/schemas';
import { CartItemsBody } from './schemas.ts';

const pricingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/pricing/calculate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: "Price a cart for the account's delivery address",
        description:
          '400 ADDRESS_REQUIRED / ADDRESS_INVALID without a complete, valid account address; 409 PRODUCTS_UNAVAILABLE (error.products lists them) when a product is unknown, inactive or short of stock.',
        body: CartItemsBody,
        response: {
          200: CartPricingSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => app.services.checkout.price(requireUser(request), request.body.items),
  );
};

export default pricingRoutes;
