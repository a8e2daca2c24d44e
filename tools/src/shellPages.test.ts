import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadShellPages, parseReach, SERVER_DIR, SHELL_SERVER_FILE, shellFileOf } from './shellPages.ts';

describe('parseReach', () => {
  it('maps public URL prefixes to internal ones, and leaves any other URL as it is', () => {
    const reach = parseReach(' http://localhost:4000=http://gateway:8080\n http://localhost:3001/=http://mf-catalog:8080/ ');
    expect(reach('http://localhost:4000/open/stores')).toBe('http://gateway:8080/open/stores');
    expect(reach('http://localhost:3001/mf-manifest.json')).toBe('http://mf-catalog:8080/mf-manifest.json');
    // A prefix matches whole path segments only.
    expect(reach('http://localhost:40001/x')).toBe('http://localhost:40001/x');
    expect(reach('https://cdn.example/a.css')).toBe('https://cdn.example/a.css');
    expect(() => parseReach('http://a=http://b=http://c')).toThrow(/PAGE_REACH/);
    expect(() => parseReach('http://a')).toThrow(/PAGE_REACH/);
  });

  it('maps nothing when PAGE_REACH is unset or blank', () => {
    expect(parseReach('')('http://localhost:4000/open/stores')).toBe('http://localhost:4000/open/stores');
    expect(parseReach(' \n ')('http://localhost:3001/mf-manifest.json')).toBe('http://localhost:3001/mf-manifest.json');
  });
});

describe('loadShellPages', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'grocer-shell-pages-'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  /** A shell build's server/pages.mjs with `source` as its text. */
  const build = (source: string, folder = dist) => {
    mkdirSync(path.join(folder, SERVER_DIR), { recursive: true });
    writeFileSync(path.join(folder, SERVER_DIR, SHELL_SERVER_FILE), source);
  };

  it("starts the build's createPageServer with the options given, and renders through it", async () => {
    // The module answers with what it was given, so the test sees the options and the URL arrive.
    build(`export function createPageServer(options) {
  return {
    async render(url) {
      const [html, documents] = await Promise.all([options.indexHtml(), options.documents()]);
      return url.pathname === '/none' ? null : html + '|' + documents.apiBaseUrl + '|' + options.reach('http://a/x') + '|' + url.href;
    },
  };
}
`);
    const render = await loadShellPages(dist, {
      indexHtml: () => '<html>',
      documents: async () => ({ apiBaseUrl: 'http://api.test', remotes: {} }),
      reach: parseReach('http://a=http://b'),
    });
    expect(await render(new URL('http://shop.test/store/x'))).toBe('<html>|http://api.test|http://b/x|http://shop.test/store/x');
    expect(await render(new URL('http://shop.test/none'))).toBeNull();
  });

  it('refuses a build whose page server is missing or exports no createPageServer', async () => {
    const options = { indexHtml: () => '', documents: () => ({ apiBaseUrl: '', remotes: {} }) };
    await expect(loadShellPages(dist, options)).rejects.toThrow(/pages\.mjs/);
    // Another folder: a module that failed to load stays failed for this process.
    const other = path.join(dist, 'other');
    build('export const other = 1;\n', other);
    await expect(loadShellPages(other, options)).rejects.toThrow(/exports no createPageServer/);
  });
});

describe('shellFileOf', () => {
  it('reads a file of the served folder by its path in the page, never one outside it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grocer-shell-file-'));
    try {
      writeFileSync(path.join(root, 'main.0123456789.css'), '.layout{}');
      const file = shellFileOf(root);
      await expect(file('/main.0123456789.css')).resolves.toBe('.layout{}');
      await expect(file('../secret.css')).rejects.toThrow(/outside the served folder/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
