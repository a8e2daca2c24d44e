import { matchRoutes } from 'react-router';
import { paths, readListingQuery, routePatterns } from './paths.ts';

describe('paths', () => {
  it('builds the fixed routes', () => {
    expect(paths.home()).toBe('/');
    expect(paths.cart()).toBe('/cart');
    expect(paths.account()).toBe('/account');
    expect(paths.checkout()).toBe('/checkout');
    expect(paths.orderHistory()).toBe('/order-history');
    expect(paths.contact()).toBe('/contact');
    expect(paths.admin()).toBe('/admin');
  });

  it('builds store and category listings with encoded segments', () => {
    expect(paths.store('fresh-mart')).toBe('/store/fresh-mart');
    expect(paths.store('a b/c')).toBe('/store/a%20b%2Fc');
    expect(paths.storeCategory('fresh-mart', 'c-123')).toBe('/store/fresh-mart/category/c-123');
  });

  it('builds a product page with encoded segments', () => {
    expect(paths.product('fresh-mart', 'p-1')).toBe('/store/fresh-mart/product/p-1');
    expect(paths.product('a b', 'x/y')).toBe('/store/a%20b/product/x%2Fy');
  });

  it('leaves default listing params out and keeps the others', () => {
    expect(paths.store('s', { page: 1, sort: 'name', order: 'asc', q: '' })).toBe('/store/s');
    expect(paths.store('s', { page: 3, sort: 'price', order: 'desc', q: 'milk' })).toBe('/store/s?q=milk&page=3&sort=price&order=desc');
    expect(paths.storeCategory('s', 'c', { order: 'desc' })).toBe('/store/s/category/c?order=desc');
  });

  it('builds search URLs, omitting blank queries and defaults', () => {
    expect(paths.search()).toBe('/search');
    expect(paths.search('  ')).toBe('/search');
    expect(paths.search('red apples')).toBe('/search?q=red%20apples');
    expect(paths.search('a&b=c+d#e')).toBe('/search?q=a%26b%3Dc%2Bd%23e');
    expect(paths.search('milk', { page: 2 })).toBe('/search?q=milk&page=2');
    // On the search, no sort means relevance, so an explicit name sort is kept.
    expect(paths.search('milk', { page: 1, sort: 'name', order: 'asc' })).toBe('/search?q=milk&sort=name');
    expect(paths.search('milk', { sort: 'price' })).toBe('/search?q=milk&sort=price');
  });

  it('ignores page numbers that are not whole numbers above 1', () => {
    expect(paths.search('x', { page: 0 })).toBe('/search?q=x');
    expect(paths.search('x', { page: 2.5 })).toBe('/search?q=x');
    expect(paths.search('x', { page: Number.NaN })).toBe('/search?q=x');
  });

  it('adds tokens to the email pages only when given', () => {
    expect(paths.verifyEmail()).toBe('/verify-email');
    expect(paths.verifyEmail('')).toBe('/verify-email');
    expect(paths.verifyEmail('abc.def/+=')).toBe('/verify-email?token=abc.def%2F%2B%3D');
    expect(paths.resetPassword()).toBe('/reset-password');
    expect(paths.resetPassword('t0k')).toBe('/reset-password?token=t0k');
  });

  it('builds order routes with encoded ids', () => {
    expect(paths.orderConfirmation('o-1')).toBe('/order-confirmation/o-1');
    expect(paths.orderDetails('o/1?x')).toBe('/order-details/o%2F1%3Fx');
  });
});

describe('routePatterns', () => {
  // matchRoutes is what the router runs: it decodes the URL before reading params.
  const paramsOf = (pattern: string, url: string) => matchRoutes([{ path: pattern }], url)?.[0]?.params;

  it('match what paths builds, and give the params back decoded', () => {
    expect(paramsOf(routePatterns.store, paths.store('a b/c'))).toEqual({ pathName: 'a b/c' });
    expect(paramsOf(routePatterns.store, paths.store('s', { page: 2 }))).toEqual({ pathName: 's' });
    expect(paramsOf(routePatterns.storeCategory, paths.storeCategory('s', 'c-1'))).toEqual({ pathName: 's', categoryUuid: 'c-1' });
    expect(paramsOf(routePatterns.orderDetails, paths.orderDetails('o-9'))).toEqual({ orderId: 'o-9' });
    expect(paramsOf(routePatterns.orderConfirmation, paths.orderConfirmation('o-9'))).toEqual({ orderId: 'o-9' });
    expect(routePatterns.home).toBe('/');
    expect(routePatterns.search).toBe('/search');
  });
});

describe('readListingQuery', () => {
  it('fills the defaults', () => {
    expect(readListingQuery(new URLSearchParams())).toEqual({ q: '', page: 1, sort: 'name', order: 'asc' });
  });

  it('reads what paths wrote', () => {
    const url = new URL(paths.search('red apples', { page: 4, sort: 'price', order: 'desc' }), 'http://x');
    expect(readListingQuery(url.searchParams)).toEqual({ q: 'red apples', page: 4, sort: 'price', order: 'desc' });
  });

  it('ignores values the API would reject', () => {
    const params = new URLSearchParams('page=-2&sort=stock&order=sideways');
    expect(readListingQuery(params)).toEqual({ q: '', page: 1, sort: 'name', order: 'asc' });
    expect(readListingQuery(new URLSearchParams('page=abc')).page).toBe(1);
    expect(readListingQuery(new URLSearchParams('page=1.5')).page).toBe(1);
  });
});

describe('listing filters in the URL', () => {
  it('writes filters, leaving out the defaults (no filter)', () => {
    const category = '0b5c7f7e-0a53-4b8e-9d55-6f0f1c2b3a4d';
    expect(paths.search('milk', { store: 'loop-provisions', inStock: true })).toBe('/search?q=milk&store=loop-provisions&inStock=1');
    expect(paths.store('loop', { inStock: false, minPrice: 200, maxPrice: 499, page: 2 })).toBe(
      '/store/loop?page=2&minPrice=200&maxPrice=499',
    );
    expect(paths.search('milk', { category, minPrice: 0 })).toBe(`/search?q=milk&category=${category}&minPrice=0`);
    expect(paths.store('loop', { category: undefined, store: undefined })).toBe('/store/loop');
    expect(paths.search('bread', { dietary: ['gluten-free', 'vegan'] })).toBe('/search?q=bread&dietary=gluten-free%2Cvegan');
    expect(paths.store('loop', { dietary: [] })).toBe('/store/loop');
  });
});
