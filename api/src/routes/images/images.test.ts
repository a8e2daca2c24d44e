// The generated SVGs: versioned URLs served immutable and usable from the shop's other origins.
import type { App } from '../../app.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { CATEGORY_SEEDS, STORE_SEEDS } from '../../seed/catalogueData.ts';
import { allCatalogueImages, findImage, productImagePath, storeLogoPath } from '../../seed/images.ts';
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

it('keeps every product picture and logo within 6 KB gzip', () => {
  const images = allCatalogueImages();
  expect(images.length).toBe(STORE_SEEDS.length + CATEGORY_SEEDS.reduce((n, c) => n + c.items.length, 0));
  const over = images.filter((i) => gzipSync(i.svg).length > 6 * 1024).map((i) => i.path);
  expect(over).toEqual([]);
});

it('pictures every item with its artwork, not a letter, on its category colour', () => {
  const svgOf = (item: string) => findImage('products', productImagePath(item).replace('/images/products/', ''))!.image.svg;
  const setOf = (name: string) =>
    JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`@iconify-json/${name}/icons.json`), 'utf8')) as {
      icons: Record<string, { body: string }>;
      width?: number;
    };
  const sets = { fluent: setOf('fluent-emoji-flat'), 'game-icons': setOf('game-icons'), healthicons: setOf('healthicons') };
  for (const category of CATEGORY_SEEDS) {
    for (const [item, art] of category.items) {
      const svg = svgOf(item);
      expect(svg).not.toMatch(/<text/);
      expect(svg).toContain(`fill="${category.color}"`);
      // The set's artwork, nested as its own drawing filling two thirds of the picture.
      const nested = /<svg x="16" y="16" width="68" height="68" viewBox="0 0 (\d+) \1">(.*)<\/svg><\/svg>$/.exec(svg);
      expect({ item, nested: Boolean(nested) }).toEqual({ item, nested: true });
      const [, size, body] = nested!;
      const oneColour = /^(game-icons|healthicons):([a-z0-9-]+)#([0-9a-f]{6})$/.exec(art);
      if (oneColour) {
        const [, set, name, ink] = oneColour as unknown as [string, 'game-icons' | 'healthicons', string, string];
        expect(size).toBe(String(sets[set].width));
        expect(body).toBe(sets[set].icons[name]!.body.replaceAll('currentColor', `#${ink}`));
      } else {
        expect(size).toBe('32');
        // Fluent's own drawing, or (recoloured) one with the same shapes.
        if (!art.startsWith('recoloured:')) expect(body).toBe(sets.fluent.icons[art]!.body);
      }
    }
  }
  // Different items, different artwork: milk is not apples is not salmon, chocolate milk is not milk.
  const art = (item: string) => svgOf(item).split('height="68" ')[1];
  const items = [
    'Whole Milk',
    'Chocolate Milk',
    'Greek Yogurt',
    'Honeycrisp Apples',
    'Atlantic Salmon Fillet',
    'Sourdough Bread',
    'Bananas',
  ];
  expect(new Set(items.map(art)).size).toBe(items.length);
});

it("draws store logos as the store's initials alone, large enough to read at 24 px", () => {
  for (const store of STORE_SEEDS) {
    const svg = findImage('stores', storeLogoPath(store.publicId).replace('/images/stores/', ''))!.image.svg;
    const initials = store.name
      .split(' ')
      .filter((w) => /^[A-Za-z]/.test(w))
      .slice(0, 2)
      .map((w) => w[0])
      .join('');
    expect(svg).toContain(`>${initials}</text>`);
    // 56 of 120 units: about 11 px tall at 24 px, 45 px at 96 px.
    expect(svg).toMatch(/viewBox="0 0 120 120".*font-size="56" font-weight="700"/);
  }
});
