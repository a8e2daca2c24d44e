// POST /delivery-fees (spec §7): per-store fees for the stores in the cart, to the address in the
// body when it is complete, else to the account's (decision 003; rules in services/deliveryFees.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../db/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { DeliveryFeeResponseSchema } from '@grocer/shared/schemas';

const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

const deliveryFeeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/delivery-fees',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'Delivery fee per store ($7.50 per mile between ZIP centroids)',
        description:
          '400 ADDRESS_REQUIRED when neither the body nor the account has a complete address; 400 INVALID_ADDRESS for an unknown ZIP; 404 STORE_NOT_FOUND for an unknown store.',
        body: Type.Object({
          storeUuids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100, description: 'Store uuids (duplicates are ignored)' }),
          streetName: Text(200),
          apartmentName: Text(100),
          city: Text(100),
          state: Text(50),
          zip: Text(10),
        }),
        response: { 200: DeliveryFeeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { storeUuids, ...address } = request.body;
      return app.services.deliveryFees.forUser(requireUser(request).account, storeUuids, address);
    },
  );
};

export default deliveryFeeRoutes;
