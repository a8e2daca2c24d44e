// Counting the statements code sends to the database, `begin` and `commit` included (one round trip each),
// on PGlite and PostgreSQL alike, for tests that pin how many round trips a step makes.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { DbConnection } from '../db/client.ts';
import { emptyPoolUse, trackPoolUse, type PoolUse } from '../db/poolUse.ts';

/** The statements `run` sends, lower-cased with their spaces squeezed. Sequential use only on PGlite. */
export type Measure = <T>(run: () => Promise<T>) => Promise<{ result: T; statements: string[] }>;

const squeezed = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export function measuring(connection: DbConnection): Measure {
  if (connection.driver === 'postgres') {
    // Every pool of the process: the catalogue's reads and the background work (its index loads) have their own.
    const tracker = trackPoolUse(connection.db.$client, connection.reads.$client, connection.background.$client);
    return async (run) => {
      const use: PoolUse = { ...emptyPoolUse(), texts: [] };
      const result = await tracker.run(use, run);
      return { result, statements: use.texts!.map(squeezed) };
    };
  }
  // PGlite has no pool: its query, exec and transaction (whose begin and commit it sends itself) are counted.
  const client: PGlite = connection.db.$client;
  let sent: string[] | undefined;
  const counted = <F extends (text: string, ...rest: never[]) => unknown>(send: F): F =>
    ((text: string, ...rest: never[]) => {
      sent?.push(squeezed(text));
      return send(text, ...rest);
    }) as F;
  client.query = counted(client.query.bind(client));
  client.exec = counted(client.exec.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(run: (tx: Transaction) => Promise<T>) => {
    sent?.push('begin');
    return transaction((tx) => {
      tx.query = counted(tx.query.bind(tx));
      tx.exec = counted(tx.exec.bind(tx));
      return run(tx);
    }).finally(() => sent?.push('commit'));
  }) as PGlite['transaction'];
  return async (run) => {
    const statements: string[] = [];
    sent = statements;
    try {
      return { result: await run(), statements };
    } finally {
      sent = undefined;
    }
  };
}
