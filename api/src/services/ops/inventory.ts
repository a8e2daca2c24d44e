// Inventory: staff list their store's products (inactive ones too), switch stock and
// activity, and set prices. A price change is audited (price_changes: who, when, from, to) in the
// transaction that makes it; the catalogue's answer cache is dropped, so listings show the new price,
// and carts and open checkouts meet it through the existing 409 PRICE_CHANGED (orders.ts re-prices).
import type { OpsInventoryPage, OpsInventoryPatch, OpsInventoryProduct, OpsPriceChangeList } from '@grocer/shared/contracts';
import { OPS_PRICE_MAX_CENTS, OPS_PRICE_MIN_CENTS, OPS_RESTOCK_QUANTITY } from '@grocer/shared/contracts';
import { and, asc, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, priceChanges, products, users, type ProductRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { CatalogueService } from '../catalogue/catalogueService.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { adjustCatalogueCounts } from '../catalogue/counts.ts';
import { productSize } from '../catalogue/unitPrice.ts';
import type { OpsAccess, OpsCaller } from './access.ts';

export const INVENTORY_DEFAULT_LIMIT = 25;
export const INVENTORY_MAX_LIMIT = 100;
const PRICE_HISTORY_LIMIT = 50;

export const INVENTORY_MESSAGES = {
  productNotFound: 'Product not found.',
  nothingToChange: 'Send inStock, isActive or priceCents.',
  price: `Price must be a whole number of cents from ${OPS_PRICE_MIN_CENTS} to ${OPS_PRICE_MAX_CENTS}.`,
} as const;

export interface InventoryService {
  list(caller: OpsCaller, storeUuid: string, query: { q?: string; limit: number; cursor?: string }): Promise<OpsInventoryPage>;
  patch(caller: OpsCaller, storeUuid: string, productUuid: string, patch: OpsInventoryPatch): Promise<OpsInventoryProduct>;
  priceChanges(caller: OpsCaller, storeUuid: string, productUuid: string): Promise<OpsPriceChangeList>;
}

const productNotFound = () => httpError(404, 'PRODUCT_NOT_FOUND', INVENTORY_MESSAGES.productNotFound);

function toInventory(row: ProductRow, categoryName: string): OpsInventoryProduct {
  return {
    productUuid: row.uuid,
    name: row.name,
    image: row.image,
    sizeLabel: productSize(row.sizeMilli, row.sizeUnit).label,
    categoryName,
    priceCents: row.priceCents,
    stockStatus: row.stockQuantity > 0 ? 'IN_STOCK' : 'OUT_OF_STOCK',
    stockQuantity: row.stockQuantity,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const CURSOR_PREFIX = 'i1:';
const encodeCursor = (name: string, id: number) => Buffer.from(`${CURSOR_PREFIX}${id}:${name}`).toString('base64url');
function decodeCursor(cursor: string): { name: string; id: number } {
  const text = Buffer.from(cursor, 'base64url').toString();
  const match = /^i1:(\d{1,12}):(.*)$/s.exec(text);
  if (!match) throw httpError(400, 'VALIDATION_ERROR', 'cursor is invalid', 'cursor');
  return { id: Number(match[1]), name: match[2]! };
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
    return row;
  }

  return {
    async list(caller, storeUuid, { q, limit, cursor }) {
      const store = await access.store(caller, storeUuid);
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const words = q?.trim().toLowerCase();
      // One more than asked tells whether there is a next page without counting.
      const rows = await db
        .select({ product: products, categoryName: categories.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(
          and(
            eq(products.storeId, store.id),
            words ? sql`lower(${products.name}) like ${likeContains(words)}` : undefined,
            after ? or(gt(products.name, after.name), and(eq(products.name, after.name), gt(products.id, after.id))) : undefined,
          ),
        )
        .orderBy(asc(products.name), asc(products.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        products: page.map((r) => toInventory(r.product, r.categoryName)),
        nextCursor: rows.length > limit && last ? encodeCursor(last.product.name, last.product.id) : null,
      };
    },

    async patch(caller, storeUuid, productUuid, patch) {
      if (patch.inStock === undefined && patch.isActive === undefined && patch.priceCents === undefined) {
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.nothingToChange);
      }
      if (
        patch.priceCents !== undefined &&
        (!Number.isSafeInteger(patch.priceCents) || patch.priceCents < OPS_PRICE_MIN_CENTS || patch.priceCents > OPS_PRICE_MAX_CENTS)
      ) {
        throw httpError(400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.price, 'priceCents');
      }
      const { product } = await productOf(caller, storeUuid, productUuid);
      const [actor] = await db.select({ email: users.email }).from(users).where(eq(users.uuid, caller.uuid));
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        // Locked, so concurrent edits (and checkouts taking stock) apply one after the other.
        const [row] = await tx.select().from(products).where(eq(products.id, product.id)).for('update');
        if (!row) throw productNotFound();
        const now = new Date();
        const set: Partial<typeof products.$inferInsert> = {};
        if (patch.priceCents !== undefined && patch.priceCents !== row.priceCents) {
          set.priceCents = patch.priceCents;
          await tx.insert(priceChanges).values({
            productId: row.id,
            oldPriceCents: row.priceCents,
            newPriceCents: patch.priceCents,
            changedBy: caller.uuid,
            changedByEmail: actor?.email ?? caller.uuid,
            changedAt: now,
          });
        }
        if (patch.inStock === false && row.stockQuantity > 0) set.stockQuantity = 0;
        if (patch.inStock === true && row.stockQuantity === 0) set.stockQuantity = OPS_RESTOCK_QUANTITY;
        if (patch.isActive !== undefined && patch.isActive !== row.isActive) {
          set.isActive = patch.isActive;
          // The listings' maintained counts move with activity, in the same transaction.
          await adjustCatalogueCounts(tx, row.storeId, row.categoryId, patch.isActive ? 1 : -1);
        }
        if (Object.keys(set).length > 0)
          await tx
            .update(products)
            .set({ ...set, updatedAt: now })
            .where(eq(products.id, row.id));
      });
      // Listings, product pages and search must not keep serving the old price or stock.
      catalogue.invalidate();
      const updated = await productOf(caller, storeUuid, productUuid);
      return toInventory(updated.product, updated.categoryName);
    },

    async priceChanges(caller, storeUuid, productUuid) {
      const { product } = await productOf(caller, storeUuid, productUuid);
      const rows = await db
        .select()
        .from(priceChanges)
        .where(eq(priceChanges.productId, product.id))
        .orderBy(desc(priceChanges.id))
        .limit(PRICE_HISTORY_LIMIT);
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
  };
}
