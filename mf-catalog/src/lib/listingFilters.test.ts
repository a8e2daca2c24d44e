import { paths, readListingQuery } from '@grocer/shared';
import { readListingFilters } from './listingFilters.ts';

describe('listing filters in the URL', () => {
  it('reads them back, dropping what the API would reject', () => {
    const category = '0b5c7f7e-0a53-4b8e-9d55-6f0f1c2b3a4d';
    const read = (qs: string) => readListingFilters(new URLSearchParams(qs));
    expect(read('')).toEqual({});
    expect(read(`category=${category}&store=loop&inStock=1&minPrice=200&maxPrice=499`)).toEqual({
      category,
      store: 'loop',
      inStock: true,
      minPrice: 200,
      maxPrice: 499,
    });
    expect(read('category=dairy&inStock=0&minPrice=-1&maxPrice=1.5')).toEqual({});
    expect(read('minPrice=500&maxPrice=100')).toEqual({});
    expect(read('store=%20%20')).toEqual({});
    // Known attributes, each once, in their own order; unknown ones dropped.
    expect(read('dietary=vegan%2Cpaleo%2Cgluten-free%2Cvegan')).toEqual({ dietary: ['gluten-free', 'vegan'] });
    expect(read('dietary=paleo')).toEqual({});
  });

  it('round-trips through paths', () => {
    const filters = { store: 'loop-provisions', inStock: true, minPrice: 500, maxPrice: 999, dietary: ['organic', 'kosher'] as const };
    const url = paths.search('milk', { ...filters, page: 3 });
    const params = new URLSearchParams(url.split('?')[1]);
    expect(readListingFilters(params)).toEqual(filters);
    expect(readListingQuery(params)).toMatchObject({ q: 'milk', page: 3 });
  });
});
