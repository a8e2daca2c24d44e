// Each part's share of an order's money: the checkout's calculatePricing over what still delivers,
// split so the parts add up to the order to the cent; a part with nothing left charges nothing.
import { calculatePricing } from '../pricing.ts';
import { delivers, orderMoney, partShare } from './partMoney.ts';

const line = (storeUuid: string, lineTotalCents: number, fulfilmentState: 'PENDING' | 'UNAVAILABLE' = 'PENDING') => ({
  storeUuid,
  fulfilmentState,
  lineTotalCents,
  quantity: 1,
  replacementUnitPriceCents: null,
});
const parts = [
  { storeUuid: 'a', status: 'CONFIRMED' as const, deliveryFeeCents: 450 },
  { storeUuid: 'b', status: 'CONFIRMED' as const, deliveryFeeCents: 7650 },
];

it('is the checkout pricing of the whole order while every part delivers, and the shares add up to it', () => {
  const lines = [line('a', 1547), line('b', 699)];
  const now = orderMoney('IL', parts, lines);
  expect(now.money).toEqual(calculatePricing({ subtotalCents: 2246, deliveryFeeCents: 8100, state: 'IL' }));
  const [a, b] = ['a', 'b'].map((s) => partShare(s, parts, now));
  for (const key of ['subtotal', 'tax', 'serviceFee', 'deliveryFee', 'processingFee', 'total'] as const)
    expect(a![key] + b![key]).toBe(now.money[key]);
  expect(b!.deliveryFee).toBe(7650);
  // The processing fee follows what it is charged on: b's large delivery fee carries most of it.
  expect(b!.processingFee).toBeGreaterThan(a!.processingFee);
});

it('drops a part whose lines are all unavailable: no delivery fee, no share, the order priced without it', () => {
  const lines = [line('a', 1547), line('b', 699, 'UNAVAILABLE')];
  expect(delivers(parts[1]!, lines)).toBe(false);
  const now = orderMoney('IL', parts, lines);
  expect(now.money).toEqual(calculatePricing({ subtotalCents: 1547, deliveryFeeCents: 450, state: 'IL' }));
  expect(partShare('b', parts, now)).toEqual({ subtotal: 0, tax: 0, serviceFee: 0, deliveryFee: 0, processingFee: 0, total: 0 });
  expect(partShare('a', parts, now).total).toBe(now.money.total);
});

it('charges nothing when no part delivers, and ignores a cancelled part', () => {
  expect(orderMoney('IL', parts, [line('a', 100, 'UNAVAILABLE'), line('b', 100, 'UNAVAILABLE')]).money.total).toBe(0);
  const cancelled = [parts[0]!, { ...parts[1]!, status: 'CANCELLED' as const }];
  expect(orderMoney('IL', cancelled, [line('a', 1000), line('b', 1000)]).money).toEqual(
    calculatePricing({ subtotalCents: 1000, deliveryFeeCents: 450, state: 'IL' }),
  );
});
