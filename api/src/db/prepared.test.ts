// preparedRead on the test database's driver: parameters arrive as given (quotes and backslashes are
// text), rows come keyed by column name, and a second reader of the same statement shares it.
import { sql } from 'drizzle-orm';
import type { DbConnection } from './client.ts';
import { preparedRead } from './prepared.ts';
import { createTestDatabase } from '../testing/testApp.ts';

let connection: DbConnection;
beforeAll(async () => {
  connection = await createTestDatabase({ migrate: false });
});
afterAll(() => connection.close());

const echo = sql`select ${sql.placeholder('text')}::text as "text", ${sql.placeholder('n')}::int + 1 as "next", now() as "at"`;

it('passes parameters as values, never as SQL, and maps rows by column name', async () => {
  const read = preparedRead<{ text: string; next: number; at: Date }>(connection.db, 'prepared_test_echo', echo);
  for (const text of ["O'Brien", "'); drop table x; --", 'back\\slash', '{1,2,3}', ''])
    expect(await read.execute([text, 41])).toEqual([{ text, next: 42, at: expect.any(Date) as Date }]);
  await expect(read.execute(['x', Number.NaN])).rejects.toThrow();
});

it('shares the statement with another reader of the same name', async () => {
  const first = preparedRead<{ next: number }>(connection.db, 'prepared_test_shared', echo);
  const second = preparedRead<{ next: number }>(connection.db, 'prepared_test_shared', echo);
  expect((await first.execute(['a', 1]))[0]!.next).toBe(2);
  expect((await second.execute(['b', 2]))[0]!.next).toBe(3);
});
