// Outside production without JWT_SECRET, the session key is random, made on the first start and kept
// in the database (app_meta): no key in the repository ever signs a session, restarts keep sessions,
// and several local API instances on one database share it.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';

const KEY = 'dev_jwt_secret';

/** The kept key, created on first use; concurrent first starts agree on one. */
export async function keptDevJwtSecret(db: Database): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  return row!.value;
}
