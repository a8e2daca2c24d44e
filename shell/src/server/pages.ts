// The page server's entry (docs/decisions/013-server-composition.md, points 3, 4, 6 and 7): a page
// navigation gets index.html with its `#root` rendered on the server, the shell's layout with the page
// drawn by the remote that owns it (renderPage.tsx), the answers it was rendered from as a data block
// for the browser's store, and the stylesheets of the remote modules it used, linked. Built for Node by the shell's second rspack config
// (tools/src/rspack.ts createShellServerConfig) to dist/server/pages.mjs, which tools/ only starts by
// path: the page server runs the shell's and the remotes' code, never a copy of it.
//
// A page the server does not render (a page behind a sign-in, one no remote declares, a remote that is
// missing, slow or throws, or the budget spent) is served as index.html as it is, and the browser
// loads it as it does today.
import { setRuntimeConfig } from '@grocer/shared';
import { stylesheetsIn, type ManifestStyles } from '../app/remoteStyles.ts';
import { PAGE_STATE, PAGE_STYLESHEET } from '../app/pageState.ts';
import { renderPage, type RenderedPage } from './renderPage.tsx';
import { htmlAttribute, jsonDataBlock } from '@grocer/shared/contracts';
import { createServerFederation, fetchRemoteFile } from './remoteLoading.ts';
import { createRemoteRegistry, isRemoteBuild, keptFor, type RemoteBuild, type RemoteRegistry } from './remoteRegistry.ts';

/** The shell's runtime documents as browsers get them: /config.json's API address and /remotes.json. */
export interface ShellDocuments {
  apiBaseUrl: string;
  remotes: Record<string, string>;
}

export interface PageServerOptions {
  /** The shell's index.html as it is now (a swapped build is served from at once). */
  indexHtml(): string | Promise<string>;
  documents(): ShellDocuments | Promise<ShellDocuments>;
  /**
   * Where this server reaches a public URL (PAGE_REACH): in docker-compose the API and the remotes are
   * other containers. What goes into the page keeps the public URL. Default: as it is.
   */
  reach?: (publicUrl: string) => string;
  /** The page's budget from the request's start (renderPage.tsx PAGE_BUDGET_MS by default). */
  budgetMs?: number;
  /** The remotes to render with; by default this process's own, from `documents().remotes`. */
  registry?: RemoteRegistry;
  /** How long a page's HTML serves the requests for its URL (RENDERED_TTL_MS by default; 0: every request renders). */
  renderedTtlMs?: number;
  /**
   * A file of the shell's build by its path in index.html ("/main.0123456789.css"): the shell's own
   * stylesheets are then written into the pages too, so nothing stands between the HTML and its first
   * paint. Without it they stay linked.
   */
  shellFile?: (path: string) => Promise<string>;
  /**
   * How long index.html and the documents, once read, serve the pages: for a page server reading
   * them from the shell over the network (docker-compose). By default every page reads them afresh.
   */
  documentsTtlMs?: number;
}

export interface PageServer {
  /** The page's HTML for `url` (a URL on the shell's origin), or null: serve index.html as it is. Never rejects. */
  render(url: URL): Promise<string | null>;
}

/** How long a page's HTML serves the requests for its URL. */
export const RENDERED_TTL_MS = 2_000;
/** Pages' HTML kept (a store page is ~80 KB): the hot pages of an evening. */
const MAX_RENDERED = 200;

/** Stylesheet texts kept, per kind: every remote's page and widget files, with room for a few releases. */
const MAX_STYLESHEETS = 256;

/** index.html's `#root`, as its open tag, its content and its closing tag, the last before `</body>`. */
const ROOT = /(<div id="root">)[\s\S]*(<\/div>)(?=\s*<\/body>)/;

/** A `<title>` element, as index.html and React write it. */
const TITLE = /<title>[\s\S]*?<\/title>/;

/** Each build's browser manifest, parsed once (a build is read again only when its TTL ends). */
const manifests = new WeakMap<RemoteBuild, ManifestStyles>();

/** The stylesheets of remote module `id` of `build`, as the remote's CSS loader names them (its manifest's files). */
function moduleStylesheets(id: string, build: RemoteBuild): string[] {
  let manifest = manifests.get(build);
  if (!manifest) manifests.set(build, (manifest = JSON.parse(build.browserManifest) as ManifestStyles));
  return stylesheetsIn(manifest, build.browserManifestUrl, id.slice(id.indexOf('/') + 1));
}

/** The stylesheets of the remote modules a page used. */
export function pageStylesheets(page: RenderedPage): string[] {
  return [...new Set(page.modules.flatMap(({ id, build }) => moduleStylesheets(id, build)))];
}

/**
 * Texts of files whose names carry their content's hash (a name's text never changes), read once each;
 * one that cannot be read now is null, and read again next time.
 */
function hashedTexts(read: (name: string) => Promise<string>): (name: string) => Promise<string | null> {
  const texts = new Map<string, Promise<string | null>>();
  return (name) => {
    let text = texts.get(name);
    if (!text) {
      text = read(name).catch(() => (texts.delete(name), null));
      texts.set(name, text);
      if (texts.size > MAX_STYLESHEETS) texts.delete(texts.keys().next().value!);
    }
    return text;
  };
}

/** The shell's own stylesheets in index.html (the build links them by their path). */
const SHELL_STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")(?=[^>]*\bhref="(\/[^"]+\.css)")[^>]*>/g;

/** Text that could close a <style> element is never written into a page. */
const closesStyle = (text: string) => /<\/style/i.test(text);

/**
 * A remote's stylesheet written into the page, marked with its URL (the entry's painter looks for it),
 * or linked when its text is not there. Written in rather than linked: a link is one more origin to
 * connect to before the page can paint; the remote's CSS loader still links the file when its module loads.
 */
const styleElement = (href: string, text: string | null | undefined) =>
  text && !closesStyle(text)
    ? `<style ${PAGE_STYLESHEET}="${htmlAttribute(href)}">${text}</style>`
    : `<link rel="stylesheet" href="${htmlAttribute(href)}">`;

/**
 * index.html with the rendered page in its `#root`, its state and the stylesheets of the remote modules
 * it used: written in where `styles` has their text, else linked.
 */
export function assemblePage(indexHtml: string, page: RenderedPage, styles: ReadonlyMap<string, string | null> = new Map()): string | null {
  if (page.leftToBrowser || !ROOT.test(indexHtml)) return null;
  const links = pageStylesheets(page).map((href) => styleElement(href, styles.get(href)));
  // The page's own title, in place of the shell's; the rest it hoisted, then the stylesheets, at the end of <head>.
  const blocks = [
    jsonDataBlock(PAGE_STATE, 'api', page.apiState),
    jsonDataBlock(
      PAGE_STATE,
      'modules',
      page.modules.map(({ id }) => id),
    ),
    jsonDataBlock(PAGE_STATE, 'routes', page.routes),
  ].join('');
  const title = TITLE.exec(page.head)?.[0];
  const head = page.head.replace(TITLE, '');
  // Each replacement is a function: a `$` in the page's HTML or state is text, not a replacement pattern.
  return indexHtml
    .replace(TITLE, (shells) => title ?? shells)
    .replace('</head>', () => `${head}${links.join('')}</head>`)
    .replace(ROOT, (_all, open: string, close: string) => `${open}${page.html}${close}`)
    .replace('</body>', () => `${blocks}</body>`);
}

const publicFetch = globalThis.fetch;
/**
 * The shared base query asks the API by its public address, the one the page is drawn with; this
 * process reaches it elsewhere (PAGE_REACH: another container in docker-compose). The page server is
 * a process of its own, so its fetch is where that is settled, for every remote's reads alike.
 */
function reachApiFrom(api: { public: string; reached: string }) {
  if (api.public === api.reached) {
    globalThis.fetch = publicFetch;
    return;
  }
  const base = api.public.replace(/\/+$/, '');
  const reached = api.reached.replace(/\/+$/, '');
  const reachUrl = (url: string) => (url === base || url.startsWith(`${base}/`) ? `${reached}${url.slice(base.length)}` : null);
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const to = reachUrl(url);
    if (!to) return publicFetch(input, init);
    return publicFetch(input instanceof Request ? new Request(to, input) : to, init);
  };
}

export function createPageServer(options: PageServerOptions): PageServer {
  const reach = options.reach ?? ((url: string) => url);
  const ttl = options.documentsTtlMs;
  const indexHtmlNow = ttl ? keptFor(async () => options.indexHtml(), ttl) : options.indexHtml;
  const documentsNow = ttl ? keptFor(async () => options.documents(), ttl) : options.documents;
  const registry =
    options.registry ??
    createRemoteRegistry({
      federation: createServerFederation(),
      remotes: async () => (await documentsNow()).remotes,
      reach,
    });
  let api: { public: string; reached: string } | null = null;
  // The remotes' stylesheets by URL; one that cannot be read now is linked instead.
  const stylesheetText = hashedTexts(async (href) => (await fetchRemoteFile(reach(href))).text());

  /**
   * index.html for a page the browser draws (its entry paints the page's top with its remote's first
   * screen, from the browser's storage or session): with the page module's stylesheets written in, so
   * nothing waits on another origin; the route table it was matched with, so the entry finds the first
   * screen without reading the remotes' routes. Nothing is preloaded: the entry loads the first screen
   * once the layout's first frame is painted (shell/src/index.ts). null (index.html as it is) when the
   * stylesheets cannot be read now.
   */
  async function drawnByBrowser(page: RenderedPage, indexHtml: string): Promise<string | null> {
    const id = page.id!;
    const build = await registry.current(id.slice(0, id.indexOf('/')));
    if (!isRemoteBuild(build)) return null;
    const hrefs = moduleStylesheets(id, build);
    const texts = await Promise.all(hrefs.map((href) => stylesheetText(href)));
    if (hrefs.length === 0 || texts.includes(null)) return null;
    return indexHtml
      .replace('</head>', () => `${hrefs.map((href, i) => styleElement(href, texts[i])).join('')}</head>`)
      .replace('</body>', () => `${jsonDataBlock(PAGE_STATE, 'routes', page.routes)}</body>`);
  }

  // The shell's stylesheets by path.
  const shellStyle = options.shellFile && hashedTexts(options.shellFile);
  /** `html` with the shell's own stylesheets written in where they can be read. */
  async function withShellStyles(html: string): Promise<string> {
    if (!shellStyle) return html;
    const files = [...html.matchAll(SHELL_STYLESHEET)].map(([, file]) => file!);
    const texts = new Map(await Promise.all(files.map(async (file) => [file, await shellStyle(file)] as const)));
    return html.replace(SHELL_STYLESHEET, (link, file: string) => {
      const text = texts.get(file);
      return text && !closesStyle(text) ? `<style>${text}</style>` : link;
    });
  }

  async function renderNow(url: URL): Promise<string | null> {
    const startedAt = performance.now();
    try {
      const [documents, indexHtml] = await Promise.all([documentsNow(), Promise.resolve(indexHtmlNow()).then(withShellStyles)]);
      // The page is drawn with the API's public address (its pictures' URLs are the browser's); its
      // reads go where this process reaches the API. One API per process, as per page.
      if (documents.apiBaseUrl !== api?.public) {
        api = { public: documents.apiBaseUrl, reached: reach(documents.apiBaseUrl) };
        setRuntimeConfig({ apiBaseUrl: api.public });
        reachApiFrom(api);
      }
      const page = await renderPage(registry, url, { startedAt, budgetMs: options.budgetMs });
      if (page.drawnByBrowser && page.id) return drawnByBrowser(page, indexHtml);
      if (page.leftToBrowser) return null;
      const hrefs = pageStylesheets(page);
      const texts = await Promise.all(hrefs.map((href) => stylesheetText(href)));
      return assemblePage(indexHtml, page, new Map(hrefs.map((href, i) => [href, texts[i]!])));
    } catch (error) {
      console.error(`[pages] ${url.pathname}: served as index.html`, error);
      return null;
    }
  }

  // Pages of open data are the same for every shopper (no session here): one render serves every
  // request for that URL for RENDERED_TTL_MS, and requests arriving while it renders wait for it. A
  // release still shows within seconds (the remotes' documents are read every 5 s, then this TTL).
  const rendered = new Map<string, { until: number; html: Promise<string | null> }>();
  return {
    render(url) {
      const key = url.href;
      const kept = rendered.get(key);
      if (kept && kept.until > performance.now()) return kept.html;
      const html = renderNow(url);
      // Kept while it renders (later requests wait for it), then for the TTL from when it is done.
      const entry = { until: Number.POSITIVE_INFINITY, html };
      rendered.delete(key);
      rendered.set(key, entry);
      if (rendered.size > MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
      void html.then((page) => {
        entry.until = performance.now() + (options.renderedTtlMs ?? RENDERED_TTL_MS);
        // A page left to the browser is asked again by the next request: it may be rendered by then.
        if (page === null && rendered.get(key) === entry) rendered.delete(key);
      });
      return html;
    },
  };
}
