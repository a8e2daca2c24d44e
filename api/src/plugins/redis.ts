// A Redis client when REDIS_URL is set (`app.redis`, else null): shared rate-limit counters for
// several API instances. Closed with the app.
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    // Fail a command fast rather than queue it while Redis is down (rate-limit README's advice).
    const redis = url ? new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1 }) : null;
    redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
