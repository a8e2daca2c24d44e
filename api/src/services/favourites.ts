// A shopper's favourite products (spec §4 Favourites), keyed by the session's user uuid.
import type { Product } from '@grocer/shared/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { favourites } from '../db/schema.ts';
import { httpError } from '../db/errors.ts';
import { isUuid, type CatalogueService } from './catalogue/catalogueService.ts';

export interface FavouriteJson {
  product: Product;
}

export interface FavouritesService {
  list(userUuid: string): Promise<FavouriteJson[]>;
  /** 404 for an unknown product, 409 ALREADY_FAVORITE for a duplicate. */
  add(userUuid: string, productUuid: string): Promise<FavouriteJson>;
  /** 404 when it is not a favourite. */
  remove(userUuid: string, productUuid: string): Promise<void>;
}

export const FAVOURITE_ERRORS = {
  productNotFound: 'Product not found',
  already: 'This product is already in your favorites.',
  notFavourite: 'This product is not in your favorites.',
} as const;

/** Products are read through the catalogue service, so favourites show exactly what listings show. */
export function createFavouritesService(db: Database, catalogue: Pick<CatalogueService, 'productsByUuids'>): FavouritesService {
  return {
    async list(userUuid) {
      const rows = await db
        .select({ productUuid: favourites.productUuid })
        .from(favourites)
        .where(eq(favourites.userUuid, userUuid))
        .orderBy(desc(favourites.createdAt));
      const found = await catalogue.productsByUuids(rows.map((r) => r.productUuid));
      return rows.flatMap((r) => {
        const product = found.get(r.productUuid);
        return product ? [{ product }] : [];
      });
    },

    async add(userUuid, productUuid) {
      const product = isUuid(productUuid) ? (await catalogue.productsByUuids([productUuid])).get(productUuid) : undefined;
      if (!product) throw httpError(404, 'PRODUCT_NOT_FOUND', FAVOURITE_ERRORS.productNotFound, 'productUuid');
      const [inserted] = await db.insert(favourites).values({ userUuid, productUuid }).onConflictDoNothing().returning();
      if (!inserted) throw httpError(409, 'ALREADY_FAVORITE', FAVOURITE_ERRORS.already, 'productUuid');
      return { product };
    },

    async remove(userUuid, productUuid) {
      const [removed] = isUuid(productUuid)
        ? await db
            .delete(favourites)
            .where(and(eq(favourites.userUuid, userUuid), eq(favourites.productUuid, productUuid)))
            .returning()
        : [];
      if (!removed) throw httpError(404, 'FAVORITE_NOT_FOUND', FAVOURITE_ERRORS.notFavourite);
    },
  };
}
