import { matchPath } from 'react-router';
import { routePatterns } from '@grocer/shared';
import { firstScreenModules, LAYOUT_MODULES, matchesPattern, REMOTE_ROUTES } from './routeTable.ts';

const PATHS = [
  '/',
  '/cart',
  '/CART',
  '/cart/',
  '/cart/extra',
  '/search',
  '/store/andersonville-co-op',
  '/store/andersonville-co-op/',
  '/store/andersonville-co-op/category/9b2f',
  '/store/andersonville-co-op/product/9b2f',
  '/store/andersonville-co-op/product',
  '/store',
  '/store/a/category',
  '/order-details/42',
  '/order-history',
  '/account',
  '/checkout',
  '/verify-email',
  '/reset-password',
  '/contact',
  '/nowhere',
  '//cart',
  '/store//category/9b2f',
  '/order-details/',
];

describe('the route table read before React Router loads', () => {
  it.each(Object.values(routePatterns))('matchesPattern answers as React Router’s matchPath for %s', (pattern) => {
    for (const pathname of PATHS) {
      expect({ pathname, match: matchesPattern(pattern, pathname) }).toEqual({ pathname, match: matchPath(pattern, pathname) !== null });
    }
  });

  it('the first screen preloads the layout widgets and the open page that renders there', () => {
    expect(firstScreenModules('/cart')).toEqual([...LAYOUT_MODULES, 'cartCheckout/CartPage']);
    expect(firstScreenModules('/search')).toEqual([...LAYOUT_MODULES, 'catalog/SearchPage']);
    expect(firstScreenModules('/store/andersonville-co-op/product/9b2f')).toEqual([...LAYOUT_MODULES, 'catalog/ProductPage']);
    expect(firstScreenModules('/store/andersonville-co-op/category/9b2f')).toEqual([...LAYOUT_MODULES, 'catalog/StorePage']);
    expect(firstScreenModules('/')).toEqual([...LAYOUT_MODULES, 'catalog/HomePage']);
  });

  it('a protected or unknown page preloads only the layout: a visitor may be sent elsewhere', () => {
    expect(REMOTE_ROUTES.find((r) => r.path === routePatterns.checkout)?.access).toBe('customer');
    expect(firstScreenModules('/checkout')).toEqual([...LAYOUT_MODULES]);
    expect(firstScreenModules('/order-history')).toEqual([...LAYOUT_MODULES]);
    expect(firstScreenModules('/nowhere')).toEqual([...LAYOUT_MODULES]);
  });
});
