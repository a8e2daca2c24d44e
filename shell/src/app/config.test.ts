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

describe('/config.json read once by the entry', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    document.head.innerHTML = '';
    global.fetch = realFetch;
  });

  it('asks for /config.json once, however many read it', async () => {
    const fetchMock = jest.fn(async () => answer({ apiBaseUrl: 'http://api.grocer.test:4000/', adminUrl: '/admin' }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const { readConfigDocument } = await freshConfigModule();

    expect(await (await readConfigDocument()).json()).toMatchObject({ apiBaseUrl: 'http://api.grocer.test:4000/' });
    await loadRuntimeConfig(undefined, readConfigDocument);

    expect(getRuntimeConfig().apiBaseUrl).toBe('http://api.grocer.test:4000');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/config.json');
  });

  it('takes the document the server wrote into the page instead of asking for it', async () => {
    const fetchMock = jest.fn(async () => answer({ apiBaseUrl: 'http://elsewhere.test' }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const block = document.createElement('script');
    block.type = 'application/json';
    block.setAttribute('data-runtime-document', '/config.json');
    block.textContent = JSON.stringify({ apiBaseUrl: 'http://api.grocer.test:4000', adminUrl: '/admin' });
    document.head.append(block);
    const { readConfigDocument, RUNTIME_DOCUMENT, readRuntimeDocument } = await freshConfigModule();

    await loadRuntimeConfig(undefined, readConfigDocument);

    expect(RUNTIME_DOCUMENT).toBe('data-runtime-document');
    expect(getRuntimeConfig().apiBaseUrl).toBe('http://api.grocer.test:4000');
    expect(await (await readConfigDocument()).json()).toEqual({ apiBaseUrl: 'http://api.grocer.test:4000', adminUrl: '/admin' });
    // Another document than the one written in is still asked for.
    await readRuntimeDocument('/remotes.json');
    expect(fetchMock.mock.calls).toEqual([['/remotes.json']]);
  });
});
