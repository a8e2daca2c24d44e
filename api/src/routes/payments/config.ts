// GET /payments/paypal/config (decision 003): which PayPal the browser talks to is the server's call.
// With real credentials sdkBaseUrl is null (PayPal's own SDK); without them it is the API's JS SDK
// stand-in, which react-paypal-js loads as `${sdkBaseUrl}?client-id=...&currency=USD&...`.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../db/errors.ts';

const paypalConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { paypalClientId, paypalSdkBaseUrl } = app.config;

  app.get(
    '/payments/paypal/config',
    {
      schema: {
        tags: ['checkout'],
        summary: "The PayPal button's script options",
        response: {
          200: Type.Object({
            clientId: Type.String({ description: "PayPal's client id for the JS SDK (public)" }),
            sdkBaseUrl: Type.Union([Type.String(), Type.Null()], {
              description: "Pass as PayPalScriptProvider's sdkBaseUrl when not null: the dev SDK stand-in",
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async () => ({ clientId: paypalClientId, sdkBaseUrl: paypalSdkBaseUrl }),
  );
};

export default paypalConfigRoutes;
