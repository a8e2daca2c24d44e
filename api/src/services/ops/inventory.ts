// Inventory: staff list their store's products (inactive ones too) by name, price or count, and set
// counts on hand, prices and activity: one product, a bulk action on a selection, or a CSV import
// (inventoryCsv.ts). Every edit goes through applyEdits: the products locked in uuid order (the order
// checkout takes stock in, so the two never deadlock), each price change audited in price_changes and
// each count change in stock_changes, in the transaction that makes them. The catalogue's answer cache
// is dropped after, so listings show the new values, and carts and open checkouts meet a new price
// through the existing 409 PRICE_CHANGED (orders.ts re-prices).
import type {
  OpsInventoryBulkPayload,
  OpsInventoryBulkResult,
  OpsInventoryChange,
  OpsInventoryPage,
  OpsInventoryPatch,
  OpsInventoryProduct,
  OpsInventoryQuery,
  OpsInventoryValues,
  OpsPriceChangeList,
  OpsStockChangeList,
} from '@grocer/shared/contracts';
import { OPS_PRICE_MAX_CENTS, OPS_PRICE_MIN_CENTS, OPS_STOCK_MAX } from '@grocer/shared/contracts';
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, priceChanges, products, stockChanges, type ProductRow, type StoreRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { CatalogueService } from '../catalogue/catalogueService.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { adjustCatalogueCounts } from '../catalogue/counts.ts';
import { recordStockChanges, type StockMove } from '../catalogue/stockChanges.ts';
import { productSize } from '../catalogue/unitPrice.ts';
import { dollarsText } from '../pricing.ts';
import type { OpsAccess, OpsCaller } from './access.ts';

export const INVENTORY_DEFAULT_LIMIT = 25;
export const INVENTORY_MAX_LIMIT = 100;
const HISTORY_LIMIT = 50;

export const INVENTORY_MESSAGES = {
  productNotFound: 'Product not found.',
  nothingToChange: 'Send stockQuantity, isActive or priceCents.',
  price: `Price must be a whole number of cents from ${OPS_PRICE_MIN_CENTS} to ${OPS_PRICE_MAX_CENTS}.`,
  stock: `The count on hand must be a whole number from 0 to ${OPS_STOCK_MAX}.`,
  priceOutOfBounds: (cents: number) =>
    `The new price ${dollarsText(cents)} is outside ${dollarsText(OPS_PRICE_MIN_CENTS)} to ${dollarsText(OPS_PRICE_MAX_CENTS)}.`,
  bulkStockRequired: 'Set count needs stockQuantity.',
  bulkPercentRequired: 'Change price needs a percent other than 0.',
  bulkRefused: 'Some products cannot take this change; nothing was changed.',
  cursorMismatch: 'cursor belongs to another sort order',
} as const;

/** What one product becomes; a field left out stays as it is. */
export interface InventoryEdit {
  priceCents?: number;
  stockQuantity?: number;
  isActive?: boolean;
}

export type EditReason = 'EDIT' | 'BULK' | 'IMPORT';

export interface InventoryService {
  list(caller: OpsCaller, storeUuid: string, query: OpsInventoryQuery & { limit: number }): Promise<OpsInventoryPage>;
  patch(caller: OpsCaller, storeUuid: string, productUuid: string, patch: OpsInventoryPatch): Promise<OpsInventoryProduct>;
  bulk(caller: OpsCaller, storeUuid: string, payload: OpsInventoryBulkPayload): Promise<OpsInventoryBulkResult>;
  priceChanges(caller: OpsCaller, storeUuid: string, productUuid: string): Promise<OpsPriceChangeList>;
  stockChanges(caller: OpsCaller, storeUuid: string, productUuid: string): Promise<OpsStockChangeList>;
  /**
   * Applies edits (by product id) of one store in one transaction, all or nothing, audited with `reason`;
   * answers each product as it was and as it is now. An edit given as a function is computed from the
   * locked row (a price change by a percentage builds on the price as it is then); a price it puts out of
   * bounds rolls everything back (400).
   */
  applyEdits(
    caller: OpsCaller,
    store: StoreRow,
    edits: Map<number, InventoryEdit | ((row: ProductRow) => InventoryEdit)>,
    reason: EditReason,
  ): Promise<{ row: ProductRow; before: OpsInventoryValues; after: OpsInventoryValues }[]>;
}

const productNotFound = () => httpError(404, 'PRODUCT_NOT_FOUND', INVENTORY_MESSAGES.productNotFound);

/** What a bulk action makes of one product: a price by a percentage is integer cents, rounded half up. */
function bulkEdit(row: ProductRow, payload: OpsInventoryBulkPayload): InventoryEdit {
  if (payload.action === 'SET_STOCK') return { stockQuantity: payload.stockQuantity };
  if (payload.action === 'DEACTIVATE') return { isActive: false };
  // The percent in hundredths, so the arithmetic stays in integers: price × (10000 + bp) / 10000.
  const bp = Math.round((payload.percent ?? 0) * 100);
  return { priceCents: Math.floor((row.priceCents * (10_000 + bp) + 5_000) / 10_000) };
}

export const valuesOf = (row: Pick<ProductRow, 'priceCents' | 'stockQuantity' | 'isActive'>): OpsInventoryValues => ({
  priceCents: row.priceCents,
  stockQuantity: row.stockQuantity,
  isActive: row.isActive,
});

/** The values after an edit; what the edit leaves out stays. */
export const editedValues = (row: OpsInventoryValues, edit: InventoryEdit): OpsInventoryValues => ({
  priceCents: edit.priceCents ?? row.priceCents,
  stockQuantity: edit.stockQuantity ?? row.stockQuantity,
  isActive: edit.isActive ?? row.isActive,
});

export const sameValues = (a: OpsInventoryValues, b: OpsInventoryValues) =>
  a.priceCents === b.priceCents && a.stockQuantity === b.stockQuantity && a.isActive === b.isActive;

export const priceInBounds = (cents: number) => Number.isSafeInteger(cents) && cents >= OPS_PRICE_MIN_CENTS && cents <= OPS_PRICE_MAX_CENTS;
export const stockInBounds = (count: number) => Number.isSafeInteger(count) && count >= 0 && count <= OPS_STOCK_MAX;

function toInventory(row: ProductRow, categoryName: string, lowStockThreshold: number): OpsInventoryProduct {
  return {
    productUuid: row.uuid,
    name: row.name,
    image: row.image,
    sizeLabel: productSize(row.sizeMilli, row.sizeUnit).label,
    categoryName,
    priceCents: row.priceCents,
    // Derived from the count: there is no separate in/out flag.
    stockStatus: row.stockQuantity > 0 ? 'IN_STOCK' : 'OUT_OF_STOCK',
    stockQuantity: row.stockQuantity,
    lowStock: row.stockQuantity <= lowStockThreshold,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---- Cursor paging over any of the three sorts: the cursor carries the sort, its key and the id. ----

type Sort = NonNullable<OpsInventoryQuery['sort']>;
type Order = NonNullable<OpsInventoryQuery['order']>;
const SORT_KEYS = { name: products.name, price: products.priceCents, stock: products.stockQuantity } as const;

interface Cursor {
  sort: Sort;
  order: Order;
  key: string | number;
  id: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(['i2', c.sort, c.order, c.key, c.id])).toString('base64url');

function decodeCursor(cursor: string, sort: Sort, order: Order): Cursor {
  const bad = () => httpError(400, 'VALIDATION_ERROR', 'cursor is invalid', 'cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== 'i2') throw bad();
  const [, s, o, key, id] = parsed as unknown[];
  if (s !== sort || o !== order) throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.cursorMismatch, 'cursor');
  const keyOk = sort === 'name' ? typeof key === 'string' && key.length <= 400 : Number.isSafeInteger(key);
  if (!keyOk || !Number.isSafeInteger(id)) throw bad();
  return { sort, order, key: key as string | number, id: id as number };
}

/** `%word%` for LIKE, with the pattern characters taken literally. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createInventoryService({
  db,
  access,
  catalogue,
}: {
  db: Database;
  access: OpsAccess;
  catalogue: Pick<CatalogueService, 'invalidate'>;
}): InventoryService {
  async function productOf(caller: OpsCaller, storeUuid: string, productUuid: string) {
    const store = await access.store(caller, storeUuid);
    if (!isUuid(productUuid)) throw productNotFound();
    const [row] = await db
      .select({ product: products, categoryName: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.uuid, productUuid.toLowerCase()), eq(products.storeId, store.id)));
    if (!row) throw productNotFound();
    return { ...row, store };
  }

  const applyEdits: InventoryService['applyEdits'] = async (caller, store, edits, reason) => {
    if (edits.size === 0) return [];
    const done = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      // Locked in uuid order, as checkout takes stock: concurrent edits and sales apply one after the other.
      const rows = await tx
        .select()
        .from(products)
        .where(and(eq(products.storeId, store.id), inArray(products.id, [...edits.keys()])))
        .orderBy(asc(products.uuid))
        .for('update');
      const now = new Date();
      const moves: StockMove[] = [];
      const result = [];
      for (const row of rows) {
        const before = valuesOf(row);
        const edit = edits.get(row.id)!;
        const after = editedValues(before, typeof edit === 'function' ? edit(row) : edit);
        if (!priceInBounds(after.priceCents) || !stockInBounds(after.stockQuantity))
          throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.bulkRefused);
        result.push({ row, before, after });
        if (sameValues(before, after)) continue;
        if (after.priceCents !== before.priceCents)
          await tx.insert(priceChanges).values({
            productId: row.id,
            oldPriceCents: before.priceCents,
            newPriceCents: after.priceCents,
            changedBy: caller.uuid,
            changedByEmail: caller.account.email,
            changedAt: now,
          });
        if (after.stockQuantity !== before.stockQuantity)
          moves.push({ productId: row.id, oldQuantity: before.stockQuantity, newQuantity: after.stockQuantity });
        // The listings' maintained counts move with activity, in the same transaction.
        if (after.isActive !== before.isActive) await adjustCatalogueCounts(tx, row.storeId, row.categoryId, after.isActive ? 1 : -1);
        await tx
          .update(products)
          .set({ ...after, updatedAt: now })
          .where(eq(products.id, row.id));
      }
      await recordStockChanges(tx, moves, { reason, by: caller.uuid });
      return result;
    });
    // Listings, product pages and search must not keep serving the old price or stock.
    if (done.some((d) => !sameValues(d.before, d.after))) catalogue.invalidate();
    return done;
  };

  /** Each selected product with what the action makes of it, or why it cannot. */
  function bulkChanges(rows: ProductRow[], payload: OpsInventoryBulkPayload): OpsInventoryChange[] {
    return rows.map((row) => {
      const before = valuesOf(row);
      const after = editedValues(before, bulkEdit(row, payload));
      const error = priceInBounds(after.priceCents) ? undefined : INVENTORY_MESSAGES.priceOutOfBounds(after.priceCents);
      return { productUuid: row.uuid, name: row.name, before, after, ...(error ? { error } : {}) };
    });
  }

  return {
    applyEdits,

    async list(caller, storeUuid, { q, sort = 'name', order = 'asc', lowStock, limit, cursor }) {
      const store = await access.store(caller, storeUuid);
      const after = cursor === undefined ? undefined : decodeCursor(cursor, sort, order);
      const words = q?.trim().toLowerCase();
      const key = SORT_KEYS[sort];
      const direction = order === 'asc' ? asc : desc;
      // (key, id) walks every sort with one comparison; the id breaks ties in the same direction.
      const past: SQL | undefined = after
        ? order === 'asc'
          ? sql`(${key}, ${products.id}) > (${after.key}, ${after.id})`
          : sql`(${key}, ${products.id}) < (${after.key}, ${after.id})`
        : undefined;
      // One more than asked tells whether there is a next page without counting.
      const rows = await db
        .select({ product: products, categoryName: categories.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(
          and(
            eq(products.storeId, store.id),
            words ? sql`lower(${products.name}) like ${likeContains(words)}` : undefined,
            lowStock ? lte(products.stockQuantity, store.lowStockThreshold) : undefined,
            past,
          ),
        )
        .orderBy(direction(key), direction(products.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1]?.product;
      const lastKey =
        last === undefined ? undefined : sort === 'name' ? last.name : sort === 'price' ? last.priceCents : last.stockQuantity;
      return {
        products: page.map((r) => toInventory(r.product, r.categoryName, store.lowStockThreshold)),
        nextCursor: rows.length > limit && last && lastKey !== undefined ? encodeCursor({ sort, order, key: lastKey, id: last.id }) : null,
        lowStockThreshold: store.lowStockThreshold,
      };
    },

    async patch(caller, storeUuid, productUuid, patch) {
      if (patch.stockQuantity === undefined && patch.isActive === undefined && patch.priceCents === undefined) {
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.nothingToChange);
      }
      if (patch.priceCents !== undefined && !priceInBounds(patch.priceCents))
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.price, 'priceCents');
      if (patch.stockQuantity !== undefined && !stockInBounds(patch.stockQuantity))
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.stock, 'stockQuantity');
      const { product, store } = await productOf(caller, storeUuid, productUuid);
      const edit: InventoryEdit = {};
      if (patch.priceCents !== undefined) edit.priceCents = patch.priceCents;
      if (patch.stockQuantity !== undefined) edit.stockQuantity = patch.stockQuantity;
      if (patch.isActive !== undefined) edit.isActive = patch.isActive;
      await applyEdits(caller, store, new Map([[product.id, edit]]), 'EDIT');
      const updated = await productOf(caller, storeUuid, productUuid);
      return toInventory(updated.product, updated.categoryName, store.lowStockThreshold);
    },

    async bulk(caller, storeUuid, payload) {
      if (payload.action === 'SET_STOCK' && payload.stockQuantity === undefined)
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.bulkStockRequired, 'stockQuantity');
      if (payload.action === 'SET_STOCK' && !stockInBounds(payload.stockQuantity!))
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.stock, 'stockQuantity');
      if (payload.action === 'PRICE_PERCENT' && !payload.percent)
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.bulkPercentRequired, 'percent');
      const store = await access.store(caller, storeUuid);
      const uuids = [...new Set(payload.productUuids.map((u) => u.toLowerCase()))];
      // Another store's product is "not found" like a made-up one: ids are not confirmed across stores.
      if (!uuids.every(isUuid)) throw productNotFound();
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.storeId, store.id), inArray(products.uuid, uuids)))
        .orderBy(asc(products.name), asc(products.id));
      if (rows.length !== uuids.length) throw productNotFound();
      const preview = bulkChanges(rows, payload);
      if (payload.preview) return { applied: false, changes: preview };
      if (preview.some((c) => c.error)) throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.bulkRefused, 'percent');
      // Computed again from the locked rows, so a price changed since the preview is what the percentage applies to.
      const edits = new Map(rows.map((row) => [row.id, (locked: ProductRow) => bulkEdit(locked, payload)]));
      const done = await applyEdits(caller, store, edits, 'BULK');
      const order = new Map(rows.map((r, i) => [r.id, i]));
      done.sort((a, b) => order.get(a.row.id)! - order.get(b.row.id)!);
      return {
        applied: true,
        changes: done.map((d) => ({ productUuid: d.row.uuid, name: d.row.name, before: d.before, after: d.after })),
      };
    },

    async priceChanges(caller, storeUuid, productUuid) {
      const { product } = await productOf(caller, storeUuid, productUuid);
      const rows = await db
        .select()
        .from(priceChanges)
        .where(eq(priceChanges.productId, product.id))
        .orderBy(desc(priceChanges.id))
        .limit(HISTORY_LIMIT);
      return {
        changes: rows.map((r) => ({
          id: r.id,
          oldPriceCents: r.oldPriceCents,
          newPriceCents: r.newPriceCents,
          changedBy: { uuid: r.changedBy, email: r.changedByEmail },
          changedAt: r.changedAt.toISOString(),
        })),
      };
    },

    async stockChanges(caller, storeUuid, productUuid) {
      const { product } = await productOf(caller, storeUuid, productUuid);
      const rows = await db
        .select()
        .from(stockChanges)
        .where(eq(stockChanges.productId, product.id))
        .orderBy(desc(stockChanges.id))
        .limit(HISTORY_LIMIT);
      return {
        changes: rows.map((r) => ({
          id: r.id,
          oldQuantity: r.oldQuantity,
          newQuantity: r.newQuantity,
          reason: r.reason,
          orderId: r.orderId,
          changedBy: { uuid: r.changedBy, email: r.changedByEmail },
          changedAt: r.changedAt.toISOString(),
        })),
      };
    },
  };
}
