// Who may act on which store: admins on every store, staff on their own (users.store_id).
// Anything of another store is "not found" for staff, never "forbidden": ids are not confirmed to
// people who may not see them. Every ops service resolves its store through here.
import type { OpsStore } from '@grocer/shared/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stores, type StoreRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { Role } from '../../lib/jwt.ts';
import type { UserRow } from '../users.ts';
import { isUuid } from '../catalogue/catalogueService.ts';

/** An ops caller: the route has checked the role is ADMIN or STORE_STAFF. */
export interface OpsCaller {
  uuid: string;
  role: Role;
  /** users.store_id; set for staff. */
  storeId: number | null;
  /** The account's row as authentication read it this request (AuthUser.account): not read again. */
  account: UserRow;
}

export const OPS_MESSAGES = {
  storeNotFound: 'Store not found.',
  adminOnly: 'This is only available to admins.',
} as const;

export const storeNotFound = () => httpError(404, 'STORE_NOT_FOUND', OPS_MESSAGES.storeNotFound);

export const toOpsStore = (row: Pick<StoreRow, 'uuid' | 'publicId' | 'name'>): OpsStore => ({
  uuid: row.uuid,
  publicId: row.publicId,
  name: row.name,
});

/** May `caller` act on the store with this id? */
export const mayActOn = (caller: OpsCaller, storeId: number) =>
  caller.role === 'ADMIN' || (caller.role === 'STORE_STAFF' && caller.storeId === storeId);

export interface OpsAccess {
  /** The store by uuid if the caller may act on it, else 404 STORE_NOT_FOUND. */
  store(caller: OpsCaller, storeUuid: string): Promise<StoreRow>;
  /** The stores the caller may act on, by name. */
  stores(caller: OpsCaller): Promise<StoreRow[]>;
  /** Staff: their store's uuid; admins: null (every store). */
  scopeUuid(caller: Pick<OpsCaller, 'role' | 'storeId'>): Promise<string | null>;
}

export function createOpsAccess(db: Database): OpsAccess {
  async function store(caller: OpsCaller, storeUuid: string): Promise<StoreRow> {
    if (!isUuid(storeUuid)) throw storeNotFound();
    const [row] = await db.select().from(stores).where(eq(stores.uuid, storeUuid.toLowerCase()));
    if (!row || !mayActOn(caller, row.id)) throw storeNotFound();
    return row;
  }

  return {
    store,
    async stores(caller) {
      if (caller.role === 'ADMIN') return db.select().from(stores).orderBy(asc(stores.name));
      if (caller.storeId === null) return [];
      return db.select().from(stores).where(eq(stores.id, caller.storeId));
    },
    async scopeUuid(caller) {
      if (caller.role === 'ADMIN') return null;
      const [row] = caller.storeId === null ? [] : await db.select({ uuid: stores.uuid }).from(stores).where(eq(stores.id, caller.storeId));
      // A staff account without a store (the CHECK forbids it) sees nothing rather than everything.
      if (!row) throw storeNotFound();
      return row.uuid;
    },
  };
}
