// Shelf fields for products that tests insert by hand: a product's brand, item and size are required
// columns, and its item key must be unique in its store.
import type { products } from '../db/schema.ts';
import { itemKeyOf } from '../seed/seedCatalogue.ts';
import { parseSize, shelfUnitFor } from '../services/catalogue/unitPrice.ts';

type ShelfFields = Pick<typeof products.$inferInsert, 'brand' | 'item' | 'itemKey' | 'sizeMilli' | 'sizeUnit' | 'unitPriceUnit'>;

/** "Test Brand <item>, <size>": the fields of a hand-made product named `item` (the row's name stays the caller's). */
export function shelfFields(item: string, size = '1 ct', brand = 'Test Brand'): ShelfFields {
  const { milli, unit } = parseSize(size);
  return { brand, item, itemKey: itemKeyOf(brand, item, size), sizeMilli: milli, sizeUnit: unit, unitPriceUnit: shelfUnitFor(unit, false) };
}
