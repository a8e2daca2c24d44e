// GET /health: liveness + database reachability, for load balancers, `docker compose` and tools/stack.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody, errorBody, errorResponses } from '../../db/errors.ts';

const HealthOk = Type.Object({ status: Type.Literal('ok'), db: Type.Literal('ok') });

/** The error shape plus the same status/db fields, so both health probes and API clients can read it. */
const HealthUnavailable = Type.Object({
  ...ErrorBody.properties,
  status: Type.Literal('unavailable'),
  db: Type.Literal('unreachable'),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Service and database health',
        response: { 200: HealthOk, 503: HealthUnavailable, ...errorResponses },
      },
      // Probes poll often; they must never be throttled into looking unhealthy.
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const report = await app.services.health.check();
      if (report.status === 'ok') return report;
      return reply.code(503).send({ ...errorBody('SERVICE_UNAVAILABLE', 'The database is unreachable'), ...report });
    },
  );
};

export default healthRoutes;
