import { loadRuntimeConfig, getRuntimeConfig } from '@grocer/shared';
import type * as ConfigModule from './config.ts';

/** A fetch answer whose body can be read once per clone, as a real Response. */
function answer(body: unknown, ok = true) {
  const make = (): Response =>
    ({
      ok,
      status: ok ? 200 : 404,
      json: async () => body,
      clone: () => make(),
    }) as unknown as Response;
  return make();
}

async function freshConfigModule() {
  let module!: typeof ConfigModule;
  await jest.isolateModulesAsync(async () => {
    module = await import('./config.ts');
  });
  return module;
}

const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => ({
    href: link.href,
    crossOrigin: link.crossOrigin,
  }));

describe('/config.json read once by the entry', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    document.head.innerHTML = '';
    global.fetch = realFetch;
  });

  it('opens both connections to the API (CORS calls, plain images) and the bootstrap applies the same read', async () => {
    const fetchMock = jest.fn(async () => answer({ apiBaseUrl: 'http://api.grocer.test:4000/', adminUrl: '/admin' }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const { preconnectToApi, readConfigDocument } = await freshConfigModule();

    await preconnectToApi();
    await loadRuntimeConfig(undefined, readConfigDocument);

    expect(preconnects()).toEqual([
      { href: 'http://api.grocer.test:4000/', crossOrigin: 'anonymous' },
      { href: 'http://api.grocer.test:4000/', crossOrigin: null },
    ]);
    expect(getRuntimeConfig().apiBaseUrl).toBe('http://api.grocer.test:4000');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/config.json');
  });

  it('opens nothing for an API on the page’s own origin, an unreadable document or a missing URL', async () => {
    for (const reply of [answer({ apiBaseUrl: '/api' }), answer({}, false), answer({ apiBaseUrl: 42 })]) {
      global.fetch = jest.fn(async () => reply) as unknown as typeof fetch;
      const { preconnectToApi } = await freshConfigModule();
      await preconnectToApi();
    }
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { preconnectToApi } = await freshConfigModule();
    await expect(preconnectToApi()).resolves.toBeUndefined();
    expect(preconnects()).toEqual([]);
  });
});
