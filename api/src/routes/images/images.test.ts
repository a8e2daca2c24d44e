// The generated SVGs: versioned URLs served immutable and usable from the shop's other origins.
import type { App } from '../../app.ts';
import { productImagePath, storeLogoPath } from '../../services/catalogue/images.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

it('serves a store logo and a product picture as immutable SVG', async () => {
  for (const path of [storeLogoPath('lakeview-fresh'), productImagePath('Whole Milk')]) {
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toMatch(/^<svg /);
  }
});

it('redirects an old version to the current one and 404s unknown images', async () => {
  const res = await app.inject({ method: 'GET', url: '/images/stores/lakeview-fresh.0000000000.svg' });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(storeLogoPath('lakeview-fresh'));
  expect(res.headers['cache-control']).toBe('no-cache');
  for (const url of ['/images/stores/nowhere.0000000000.svg', '/images/stores/lakeview-fresh.svg', '/images/other/x.0000000000.svg']) {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(url.includes('/other/') ? 400 : 404);
  }
});
