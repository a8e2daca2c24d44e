import { apiPreconnects, inlineRuntimeDocuments } from './runtimeDocuments.ts';

const PAGE =
  '<head><link rel="preload" href="/config.json" as="fetch" crossorigin><link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous" /></head>';

test('each document replaces its own preload, however the build wrote its attributes; the config opens the API first', () => {
  const html = inlineRuntimeDocuments(PAGE, {
    '/config.json': { apiBaseUrl: 'https://api.example.com:8443/v1' },
    '/remotes.json': { catalog: 'https://cdn.example.com/catalog/mf-manifest.json' },
  });
  expect(html).toBe(
    '<head>' +
      '<link rel="preconnect" href="https://api.example.com:8443" crossorigin><link rel="preconnect" href="https://api.example.com:8443">' +
      '<script type="application/json" data-runtime-document="/config.json">{"apiBaseUrl":"https://api.example.com:8443/v1"}</script>' +
      '<script type="application/json" data-runtime-document="/remotes.json">{"catalog":"https://cdn.example.com/catalog/mf-manifest.json"}</script>' +
      '</head>',
  );
});

test('nothing in a document can end its block, and a page without the preloads is left as it is', () => {
  const html = inlineRuntimeDocuments(PAGE, { '/remotes.json': { evil: '</script><script>alert(1)</script>' } });
  expect(html).not.toContain('</script><script>alert');
  expect(JSON.parse(/data-runtime-document="\/remotes.json">(.*?)<\/script>/.exec(html)![1]!)).toEqual({
    evil: '</script><script>alert(1)</script>',
  });
  expect(inlineRuntimeDocuments('<head></head>', { '/config.json': { apiBaseUrl: 'https://api.example.com' } })).toBe('<head></head>');
});

test('an API on the page’s own origin (a relative URL) or not on http(s) opens nothing', () => {
  expect(apiPreconnects({ apiBaseUrl: '/api' })).toBe('');
  expect(apiPreconnects({ apiBaseUrl: 'javascript:alert(1)' })).toBe('');
  expect(apiPreconnects({})).toBe('');
  expect(apiPreconnects(null)).toBe('');
});
