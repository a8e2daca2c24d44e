// PayPal for the mixed bench, in a process of its own (started by bench-mixed.ts): the /dev/paypal
// stand-in alone, on the bench database. In production PayPal's work (its orders, its approval page, its
// captures) happens at PayPal, not in our API process; served by the API itself, the stand-in added two
// HTTP calls from the API to itself, the SDK's two calls and their database round trips to every paid
// order, and the bench charged all of it to the API. Here it is charged to this process, printed apart.
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/client.ts';
import devPaypalRoutes from '../src/dev/paypal/index.ts';
import dbPlugin from '../src/plugins/db.ts';

const config = loadConfig();
const db = await connectDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
const app = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>();
app.decorate('config', config);
await app.register(dbPlugin, { connection: db });
await app.register(devPaypalRoutes, { prefix: '/dev/paypal' });
// The bench waits for /health before it starts, as for the API.
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
