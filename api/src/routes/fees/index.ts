// POST /open/fees/calculate-payment-breakdown (spec §7, open): the pricing rules of
// services/pricing.ts applied to amounts the caller gives. Its own plugin rather than routes/open:
// the catalogue's public caching and ETags are for reads, not for this calculator.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, httpError } from '../../db/errors.ts';
import { calculatePricing, dollarsToCents, toPaymentBreakdown } from '../../services/pricing.ts';
import { PaymentBreakdownSchema } from '@grocer/shared/schemas';

/** $1,000,000: far above any cart, low enough that cents stay exact integers. */
const MAX_DOLLARS = 1_000_000;

const feeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/open/fees/calculate-payment-breakdown',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Payment breakdown for a subtotal and delivery fee (dollars)',
        description: 'Amounts are rounded half-up to the cent. Without `state` no tax is added; an unknown state is a 400.',
        body: Type.Object({
          subtotal: Type.Number({ minimum: 0, maximum: MAX_DOLLARS, description: 'Dollars' }),
          deliveryFee: Type.Number({ minimum: 0, maximum: MAX_DOLLARS, description: 'Dollars' }),
          state: Type.Optional(Type.String({ maxLength: 50, description: 'Delivery state: two-letter code or full name' })),
        }),
        response: { 200: PaymentBreakdownSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { subtotal, deliveryFee, state } = request.body;
      let code: string | undefined;
      if (state !== undefined && state.trim() !== '') {
        code = app.services.zipDirectory.normalizeState(state);
        if (!code) throw httpError(400, 'VALIDATION_ERROR', 'state is not a US state', 'state');
      }
      return toPaymentBreakdown(
        calculatePricing({ subtotalCents: dollarsToCents(subtotal), deliveryFeeCents: dollarsToCents(deliveryFee), state: code }),
      );
    },
  );
};

export default feeRoutes;
