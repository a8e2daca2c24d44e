// POST /vitals: Core Web Vitals from shoppers' browsers (the shell sends a sampled share of page views).
// GET /admin/vitals: their 75th percentile per route over the last hours, for admins.
//
// The browser sends the report when the page is hidden, as a keepalive request without credentials and
// with a text/plain body: a "simple" CORS request, so no preflight has to finish while the tab closes.
// The body is JSON all the same and is parsed (and validated) as JSON here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminVitalsSchema, VitalsReportSchema } from '@grocer/shared/schemas';
import { errorResponses } from '../../db/errors.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { VITALS_DEFAULT_HOURS, VITALS_RETENTION_HOURS } from '../../services/vitals.ts';

/** Per client address: a page view sends one report, rarely two; anything far above is not a browser. */
const REPORT_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
const REPORT_BODY_LIMIT = 4_096;

const vitalsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { vitals } = app.services;

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT }, (request, body, done) =>
    parseJson(request, body.toString(), done),
  );

  app.post(
    '/vitals',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      config: { rateLimit: REPORT_LIMIT },
      schema: {
        tags: ['vitals'],
        summary: "A page view's Core Web Vitals (sent by the shell; no credentials, JSON as text/plain or application/json)",
        description:
          'Figures beyond a plausible maximum are dropped, not stored. 204 with nothing to read: the browser does not wait for it.',
        body: VitalsReportSchema,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await vitals.record(request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/vitals',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['admin'],
        summary: "Shoppers' Core Web Vitals: the 75th percentile per route and metric (admins)",
        description: '403 FORBIDDEN for anyone but an admin.',
        querystring: Type.Object({
          hours: Type.Integer({
            minimum: 1,
            maximum: VITALS_RETENTION_HOURS,
            default: VITALS_DEFAULT_HOURS,
            description: 'How far back to look',
          }),
        }),
        response: {
          200: AdminVitalsSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { hours: request.query.hours, vitals: await vitals.p75(request.query.hours) };
    },
  );
};

export default vitalsRoutes;
