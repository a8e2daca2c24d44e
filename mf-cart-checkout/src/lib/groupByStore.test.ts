import { UNKNOWN_STORE_NAME } from '@grocer/shared';
import { bread, corner, eggs, freshMart, line, milk } from '../testing/fixtures.ts';
import { groupByStore, storeUuidsOf } from './groupByStore.ts';

describe('groupByStore', () => {
  it('groups lines by store in first-seen order with their subtotals', () => {
    const groups = groupByStore([line(milk, 2), line(eggs), line(bread)]);
    expect(groups.map((group) => [group.storeName, group.items.map((item) => item.uuid), group.subtotalCents])).toEqual([
      [freshMart.name, ['p-milk', 'p-bread'], 349 * 2 + 425],
      [corner.name, ['p-eggs'], 599],
    ]);
    expect(storeUuidsOf([line(milk), line(eggs), line(bread)])).toEqual([corner.uuid, freshMart.uuid].sort());
  });

  it("names a store it cannot name 'Unknown Store'", () => {
    const [group] = groupByStore([{ ...line(milk), store: { uuid: 'gone', name: '' } }]);
    expect(group?.storeName).toBe(UNKNOWN_STORE_NAME);
  });
});
