// The shelf index's orders from rows given in the database's (name, id) order.
import { buildShelfIndex, shelfSlice } from './shelfIndex.ts';

const row = (id: number, name: string, priceCents: number, inStock = true, storeId = 1, categoryId = 10) => ({
  id,
  name,
  priceCents,
  inStock,
  storeId,
  categoryId,
  label: name.split(',')[0]!.toLowerCase(),
});

// In (name, id) order, as loadShelfIndex reads them.
const index = buildShelfIndex({
  version: 'v1',
  rows: [
    row(4, 'Apple Jam, 12 oz', 300),
    row(2, 'Apple Jam, 18 oz', 250, false),
    row(9, 'Fig Jam, 12 oz', 300, true, 1, 11),
    row(1, 'Plum Jam, 12 oz', 300),
    row(7, 'Plum Jam, 12 oz', 100, true, 2),
  ],
  stores: [
    { id: 1, uuid: 'A-UUID', publicId: 'one', name: 'One', activeProductCount: 4 },
    { id: 2, uuid: 'b-uuid', publicId: 'two', name: 'Two', activeProductCount: 1 },
  ],
  categories: [
    { id: 10, uuid: 'c10', name: 'Jams' },
    { id: 11, uuid: 'c11', name: 'Figs' },
  ],
  categoryCounts: [
    { storeId: 1, categoryId: 10, activeProductCount: 3 },
    { storeId: 1, categoryId: 11, activeProductCount: 1 },
  ],
});
const ids = (positions: Iterable<number>) => [...positions].map((p) => index.id[p]);

it("orders each store's shelf by name, and by price then name then id", () => {
  const one = index.shelves.get(1)!;
  expect(ids(one.byName)).toEqual([4, 2, 9, 1]);
  expect(ids(one.byPrice)).toEqual([2, 4, 9, 1]);
  expect(one.count).toBe(4);
  expect(ids(one.categories.get(10)!.byPrice)).toEqual([2, 4, 1]);
  expect(one.categories.get(11)!.count).toBe(1);
  expect(index.storeByUuid.get('a-uuid')).toBe(1);
});

it('slices a page, a descending one from the end, and nothing past the end', () => {
  const { byPrice } = index.shelves.get(1)!;
  expect(ids(shelfSlice(byPrice, 0, 3, false))).toEqual([2, 4, 9]);
  expect(ids(shelfSlice(byPrice, 3, 3, false))).toEqual([1]);
  expect(ids(shelfSlice(byPrice, 0, 3, true))).toEqual([1, 9, 4]);
  expect(ids(shelfSlice(byPrice, 3, 3, true))).toEqual([2]);
  expect(shelfSlice(byPrice, 4, 3, false)).toEqual([]);
});

it("keeps each label's products cheapest first, deciding up to the first in stock", () => {
  const apple = index.labels.get('apple jam')!;
  expect(ids(apple.byPrice)).toEqual([2, 4]);
  expect(apple.deciding).toBe(2);
  const plum = index.labels.get('plum jam')!;
  expect(ids(plum.byPrice)).toEqual([7, 1]);
  expect(plum.deciding).toBe(1);
});
