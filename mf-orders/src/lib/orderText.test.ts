import { makeOrder, makeOrderItem } from '../testing/fixtures.ts';
import {
  cityStatePostal,
  customerName,
  isOrderId,
  itemCountLabel,
  itemNameOf,
  lineTotalOf,
  orderReference,
  productPathOf,
  storeNameOf,
} from './orderText.ts';

describe('orderText', () => {
  it('accepts only UUIDs as order ids', () => {
    expect(isOrderId('3f6c1a52-8d2e-4b7a-9c41-5e0b2d7f8a10')).toBe(true);
    expect(isOrderId('3F6C1A52-8D2E-4B7A-9C41-5E0B2D7F8A10')).toBe(true);
    expect(isOrderId('ord-1')).toBe(false);
    expect(isOrderId('3f6c1a52-8d2e-4b7a-9c41-5e0b2d7f8a10x')).toBe(false);
    expect(isOrderId(undefined)).toBe(false);
  });

  it('shows the order number, else the id', () => {
    expect(orderReference(makeOrder())).toBe('GR-100042');
    expect(orderReference(makeOrder({ orderNumber: null }))).toBe('3f6c1a52-8d2e-4b7a-9c41-5e0b2d7f8a10');
  });

  it('adds the size to a name that does not carry it, once', () => {
    expect(itemNameOf(makeOrderItem({ productName: 'Whole Milk', sizeLabel: '1 gal' }))).toBe('Whole Milk, 1 gal');
    expect(itemNameOf(makeOrderItem({ productName: 'Prairie Farms Whole Milk, 1 gal', sizeLabel: '1 gal' }))).toBe(
      'Prairie Farms Whole Milk, 1 gal',
    );
    expect(itemNameOf(makeOrderItem({ productName: 'Whole Milk', sizeLabel: null }))).toBe('Whole Milk');
  });

  it('links a line to its product page only when it names both product and store', () => {
    expect(productPathOf(makeOrderItem())).toBe('/store/fresh-mart/product/p-milk');
    expect(productPathOf(makeOrderItem({ storePublicId: null }))).toBeNull();
    expect(productPathOf(makeOrderItem({ productUuid: null }))).toBeNull();
  });

  it('counts units', () => {
    expect(itemCountLabel([makeOrderItem({ quantity: 1 })])).toBe('1 item');
    expect(itemCountLabel([makeOrderItem({ quantity: 2 }), makeOrderItem({ quantity: 3 })])).toBe('5 items');
    expect(itemCountLabel([])).toBe('0 items');
  });

  it("names the store 'Store' when unknown and falls back to unit price × quantity", () => {
    expect(storeNameOf(makeOrderItem({ storeName: null }))).toBe('Store');
    expect(storeNameOf(makeOrderItem({ storeName: '  ' }))).toBe('Store');
    expect(lineTotalOf(makeOrderItem({ unitPrice: 2.5, quantity: 3 }))).toBe(7.5);
    expect(lineTotalOf({ ...makeOrderItem({ unitPrice: 2.5, quantity: 3 }), lineTotal: undefined as unknown as number })).toBe(7.5);
  });

  it('joins address parts that are present', () => {
    expect(cityStatePostal('Springfield', 'IL', '62701')).toBe('Springfield, IL 62701');
    expect(cityStatePostal('Springfield', null)).toBe('Springfield');
    expect(cityStatePostal(null, null, null)).toBe('');
    expect(customerName(makeOrder({ customerLastName: '' }))).toBe('Ada');
  });
});
