// The PayPal stand-in under /dev/paypal (registered by the dev plugin, ../index.ts, so never in production): the
// slice of PayPal's REST API that checkout uses (OAuth2 client credentials, Orders v2 create / get /
// capture, Payments v2 capture refunds), the approval steps PayPal's own pages would take, and a JS SDK stand-in (sdk.js).
// Without PAYPAL_CLIENT_ID/SECRET the API's PayPal client calls these endpoints over HTTP exactly as
// it would call PayPal, with the dev pair grocer-dev-client / grocer-dev-secret. Orders live in the
// database (orderBook.ts, orderStore.ts), so they survive a restart as PayPal's would; tokens do not.
//
// Test hooks: POST /dev/paypal/orders/{id}/approve with { outcome } decides what the next capture does:
// 'complete' (default), 'decline' (capture DECLINED), 'instrument-declined' (422 INSTRUMENT_DECLINED)
// or 'amount-mismatch' (captured one cent less). See api/README.md "PayPal".
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DEV_PAYPAL_CLIENT_ID, DEV_PAYPAL_CLIENT_SECRET } from '../../config.ts';
import { errorResponses } from '../../db/errors.ts';
import { errorHandler } from '../../plugins/errorHandler.ts';
import {
  APPROVAL_OUTCOMES,
  authenticationFailure,
  createPaypalOrderBook,
  invalidRequest,
  PaypalApiError,
  type ApprovalOutcome,
} from './orderBook.ts';

/** Read once at start; served as is. */
const SDK_SOURCE = readFileSync(new URL('./sdk.js', import.meta.url), 'utf8');

/** Query values the SDK stand-in supports; anything else fails to load, as a bad value does with PayPal's SDK. */
const SDK_COMPONENTS = ['buttons', 'funding-eligibility'];

/** PayPal answers are open-ended JSON; the docs show them as such. */
const PaypalJson = Type.Record(Type.String(), Type.Unknown(), { description: "PayPal's JSON (Orders v2 / OAuth2 shapes)" });
const paypalResponses = { 200: PaypalJson, 201: PaypalJson, ...errorResponses, '4xx': PaypalJson } as const;
const OrderParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Orders v2 create: the parts the stand-in reads, typed; PayPal may add fields, so others are allowed. */
const CreateOrderBody = Type.Object({
  intent: Type.Optional(Type.String({ maxLength: 32, description: 'CAPTURE' })),
  purchase_units: Type.Optional(
    Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10, description: 'One unit: amount, invoice_id, custom_id' }),
  ),
  payment_source: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'paypal.experience_context only' })),
});

const Summary = Type.Object({
  id: Type.String(),
  status: Type.String(),
  amount: Type.Object({ currency_code: Type.String(), value: Type.String() }),
  invoiceId: Type.Union([Type.String(), Type.Null()]),
});

function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** PayPal-Request-Id, at most 108 characters as PayPal allows. */
function requestIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers['paypal-request-id'];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 108) {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'PayPal-Request-Id', 'At most 108 characters.');
  }
  return value;
}

/** PayPal's default is return=minimal; clients that want the order ask for return=representation. */
const minimalAnswer = (request: FastifyRequest) => !/return=representation/i.test(String(request.headers.prefer ?? ''));

function sdkProblem(query: Record<string, string | undefined>): string | null {
  const clientId = query['client-id'];
  if (!clientId) return 'Expected client-id to be passed';
  if (clientId !== DEV_PAYPAL_CLIENT_ID) return `Invalid query value for client-id: ${clientId}`;
  if (query.currency !== undefined && query.currency !== 'USD')
    return `Invalid query value for currency: ${query.currency} (the stand-in supports USD)`;
  if (query.intent !== undefined && query.intent !== 'capture')
    return `Invalid query value for intent: ${query.intent} (the stand-in supports capture)`;
  const unknown = (query.components ?? 'buttons').split(',').filter((c) => !SDK_COMPONENTS.includes(c));
  if (unknown.length > 0) return `Invalid query value for components: ${unknown.join(',')} (the stand-in has ${SDK_COMPONENTS.join(', ')})`;
  return null;
}

function scriptHeaders(reply: FastifyReply): FastifyReply {
  return (
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The shop's pages load it from another origin; helmet's default (same-origin) would block the script.
      .header('cross-origin-resource-policy', 'cross-origin')
  );
}

/** Like PayPal's SDK server: a bad query is a 400 whose body throws, so the script's onerror fires. */
function sdkFailsToLoad(reply: FastifyReply, problem: string): FastifyReply {
  return scriptHeaders(reply)
    .code(400)
    .send(`throw new Error(${JSON.stringify(`SDK Validation error: '${problem}'`)});\n`);
}

const devPaypalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const book = createPaypalOrderBook({ baseUrl: `${app.config.publicApiUrl}/dev/paypal`, db: app.db });
  const { prefix } = app;
  const tags = ['dev'];

  // Errors in PayPal's shapes for PayPal's endpoints; everything else as the rest of the API answers.
  app.setErrorHandler((error: FastifyError | PaypalApiError, request, reply) => {
    if (error instanceof PaypalApiError) return reply.code(error.statusCode).send(error.body);
    // Any 400 of the SDK (a query the schema or the input guards refuse, e.g. `components` given twice)
    // fails to load as a throwing script; as JSON, its 400 string schema would send "[object Object]".
    if (request.routeOptions.url === `${prefix}/sdk/js` && (error.statusCode === 400 || error.validation)) {
      return sdkFailsToLoad(reply, error.message);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      const malformed = invalidRequest('MALFORMED_REQUEST_JSON', '/', 'The request JSON is not well formed.');
      return reply.code(400).send(malformed.body);
    }
    // A body of the wrong shape, in the words of the API it stands in for (OAuth2, or PayPal's INVALID_REQUEST).
    if (error.validation && error.validationContext === 'body') {
      const at = error.validation[0]?.instancePath ?? '';
      if (request.url.startsWith(`${prefix}/v1/oauth2/`)) {
        return reply.code(400).send({ error: 'invalid_request', error_description: `Invalid request body at ${at || '/'}` });
      }
      const invalid =
        at === ''
          ? invalidRequest('MALFORMED_REQUEST_JSON', '/', 'The request JSON is not well formed.')
          : invalidRequest('INVALID_PARAMETER_SYNTAX', at, 'The value of a field does not conform to the expected format.');
      return reply.code(400).send(invalid.body);
    }
    return errorHandler(error, request, reply);
  });

  // PayPal accepts a JSON content type with no body (a capture has nothing to say).
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, {});
    defaultJsonParser(request, text, done);
  });
  // The OAuth2 token call is a form post.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const requireBearer = async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match || !book.isValidToken(match[1]!)) throw authenticationFailure();
  };

  app.post(
    '/v1/oauth2/token',
    {
      schema: {
        tags,
        summary: 'PayPal stand-in: OAuth2 client-credentials token (Basic grocer-dev-client:grocer-dev-secret)',
        body: Type.Object({ grant_type: Type.Optional(Type.String({ maxLength: 64, description: 'client_credentials' })) }),
        response: { 200: PaypalJson, ...errorResponses, '4xx': PaypalJson },
      },
      // A token call may come with no body at all; the grant check answers it as PayPal does.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const credentials = basicCredentials(request);
      if (credentials?.id !== DEV_PAYPAL_CLIENT_ID || credentials.secret !== DEV_PAYPAL_CLIENT_SECRET) {
        return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const grant = request.body.grant_type;
      if (grant !== 'client_credentials') {
        return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not client_credentials' });
      }
      const { accessToken, expiresIn } = book.issueToken();
      return {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-GROCERDEV0000',
        expires_in: expiresIn,
        nonce: `${new Date().toISOString()}${accessToken.slice(-12)}`,
      };
    },
  );

  app.post(
    '/v2/checkout/orders',
    {
      onRequest: requireBearer,
      schema: {
        tags,
        summary: 'PayPal stand-in: create an order (intent CAPTURE, USD); PayPal-Request-Id makes it idempotent',
        description:
          "The shape is checked here; PayPal's own rules (required fields, CAPTURE, one unit, amounts) in orderBook.ts, with PayPal's issues.",
        body: CreateOrderBody,
        response: paypalResponses,
      },
    },
    async (request, reply) => {
      const answer = await book.createOrder(request.body, requestIdOf(request), minimalAnswer(request));
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/v2/checkout/orders/:id',
    {
      onRequest: requireBearer,
      schema: { tags, summary: 'PayPal stand-in: show an order', params: OrderParams, response: paypalResponses },
    },
    async (request) => book.getOrder(request.params.id),
  );

  app.post(
    '/v2/checkout/orders/:id/capture',
    {
      onRequest: requireBearer,
      schema: {
        tags,
        summary:
          'PayPal stand-in: capture an approved order (422 ORDER_NOT_APPROVED before approval); PayPal-Request-Id replays the first answer',
        params: OrderParams,
        response: paypalResponses,
      },
    },
    async (request, reply) => {
      const answer = await book.captureOrder(request.params.id, requestIdOf(request), minimalAnswer(request));
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  const CaptureParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

  app.post(
    '/v2/payments/captures/:id/refund',
    {
      onRequest: requireBearer,
      schema: {
        tags,
        summary: 'PayPal stand-in: refund a completed capture (all that is left, or `amount`); PayPal-Request-Id replays the first answer',
        description:
          '422 REFUND_AMOUNT_EXCEEDED past what is left of the capture, CAPTURE_FULLY_REFUNDED, TRANSACTION_REFUSED (a declined capture); 404 for an unknown capture.',
        params: CaptureParams,
        body: Type.Object({
          amount: Type.Optional(
            Type.Record(Type.String(), Type.Unknown(), { description: '{ currency_code, value }; default: all that is left' }),
          ),
          note_to_payer: Type.Optional(Type.String({ maxLength: 255 })),
          invoice_id: Type.Optional(Type.String({ maxLength: 127 })),
        }),
        response: paypalResponses,
      },
    },
    async (request, reply) => {
      const answer = await book.refundCapture(request.params.id, request.body, requestIdOf(request), minimalAnswer(request));
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/v2/payments/captures/:id',
    {
      onRequest: requireBearer,
      schema: {
        tags,
        summary: 'PayPal stand-in: show a capture (COMPLETED, PARTIALLY_REFUNDED, REFUNDED)',
        params: CaptureParams,
        response: paypalResponses,
      },
    },
    async (request) => book.getCapture(request.params.id),
  );

  app.get(
    '/v2/payments/refunds/:id',
    {
      onRequest: requireBearer,
      schema: { tags, summary: 'PayPal stand-in: show a refund', params: CaptureParams, response: paypalResponses },
    },
    async (request) => book.getRefund(request.params.id),
  );

  // What PayPal's checkout window does, for the SDK stand-in and for tests. Open: the order id is the secret.
  app.post(
    '/orders/:id/approve',
    {
      // `{}` or no body at all both mean the default outcome.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: "PayPal stand-in: the payer approves; `outcome` decides the next capture's result (test hook)",
        params: OrderParams,
        body: Type.Object({
          outcome: Type.Optional(
            Type.Enum([...APPROVAL_OUTCOMES], {
              description:
                "'complete' (default), 'decline' (capture DECLINED), 'instrument-declined' (422 INSTRUMENT_DECLINED), 'amount-mismatch' (one cent less)",
            }),
          ),
        }),
        response: {
          200: Type.Object({
            orderID: Type.String(),
            payerID: Type.String(),
            status: Type.String(),
            outcome: Type.String(),
            facilitatorAccessToken: Type.String(),
          }),
          ...errorResponses,
          '4xx': PaypalJson,
        },
      },
    },
    async (request) => book.approve(request.params.id, (request.body.outcome ?? 'complete') as ApprovalOutcome),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags,
        summary: 'PayPal stand-in: the payer closes the PayPal window (the order is left as it was)',
        params: OrderParams,
        response: { 200: Type.Object({ orderID: Type.String(), status: Type.String() }), ...errorResponses, '4xx': PaypalJson },
      },
    },
    async (request) => book.cancel(request.params.id),
  );

  app.get(
    '/orders/:id/summary',
    {
      schema: {
        tags,
        summary: 'PayPal stand-in: what the approval dialog shows (amount, status); open, unlike the Orders API',
        params: OrderParams,
        response: { 200: Summary, ...errorResponses, '4xx': PaypalJson },
      },
    },
    async (request) => book.summary(request.params.id),
  );

  app.get(
    '/sdk/js',
    {
      schema: {
        tags,
        summary: 'PayPal JS SDK stand-in: what react-paypal-js loads from `${sdkBaseUrl}?client-id=...`',
        querystring: Type.Object(
          {
            'client-id': Type.Optional(Type.String({ description: 'grocer-dev-client' })),
            currency: Type.Optional(Type.String({ description: 'USD' })),
            intent: Type.Optional(Type.String({ description: 'capture' })),
            components: Type.Optional(Type.String({ description: 'buttons (default), funding-eligibility' })),
          },
          // The loader passes every script option (disable-funding, ...); PayPal ignores what it does not need.
          { additionalProperties: true },
        ),
        response: { 200: Type.String(), ...errorResponses, 400: Type.String() },
      },
    },
    async (request, reply) => {
      const problem = sdkProblem(request.query);
      if (problem) return sdkFailsToLoad(reply, problem);
      return scriptHeaders(reply).send(SDK_SOURCE);
    },
  );
};

export default devPaypalRoutes;
