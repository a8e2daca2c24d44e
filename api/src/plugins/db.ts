// Puts the database on the instance (`app.db`, and `app.dbListen` for notices) and closes it when the
// app closes, after in-flight requests have finished (Fastify runs onClose hooks once the server has stopped).
import fp from 'fastify-plugin';
import type { Database, DbConnection } from '../db/client.ts';
import { listenOn, type ChannelListener, type Channels } from '../db/listen.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The catalogue's reads (db/client.ts READ_POOL_MAX); the same as `db` on PGlite. */
    dbReads: Database;
    /** Work no request waits for, e.g. the catalogue's index loads (maintenance timeouts); the same as `db` on PGlite. */
    dbBackground: Database;
    /** LISTEN on these channels, on one connection (db/listen.ts); the caller stops it before the app closes. */
    dbListen: (channels: Channels) => ChannelListener;
  }
}

export interface DbPluginOptions {
  connection: DbConnection;
}

export default fp<DbPluginOptions>(
  async (app, { connection }) => {
    app.decorate<Database>('db', connection.db);
    app.decorate<Database>('dbReads', connection.reads);
    app.decorate<Database>('dbBackground', connection.background);
    app.decorate('dbListen', (channels: Channels) => listenOn(connection, channels));
    app.addHook('onClose', async () => {
      await connection.close();
    });
  },
  { name: 'db' },
);
