// The shell's page step: a navigation to a page of open data (a store, a category, a search, a
// product) gets index.html with the top of that page already in it, drawn by the same code the
// shell's entry paints with (shell/src/app/firstScreen.ts), with the page's own stylesheets and the
// shell's written into <head> (a linked file is one more request, a remote's one more origin, before
// anything shows) and its first pictures asked for there. The page is then painted by the HTML
// alone, before any script; the entry sees the mark on the page area, paints nothing itself, and
// React replaces the content in place as it does the entry's paint (docs/decisions/006-page-step.md).
//
// The cart and an order's details are the browser's own (its storage, its session): the entry paints
// them, and the step writes in only their stylesheets and the open answers that paint may need (the
// stores' rules, as a JSON data block, which the CSP allows: it runs nothing), so it waits on no remote.
//
// Never in the way: whatever cannot be drawn within PAGE_PAINT_BUDGET_MS (the API or a remote slow or down, an
// unknown product, a page that is not open data) is served as the plain index.html, which paints
// from the browser as before. No inline script is added, so the page's CSP is unchanged.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { RemoteRoutes } from '@grocer/shared/contracts';
import { CLIENT_DOMAIN_HEADER } from '@grocer/shared/contracts';
import { apiUrl, firstReads, HANDED_OVER } from '../../shell/src/app/firstData.ts';
import { FIRST_SCREENS, PRELOADED_CARD_PICTURES } from '../../shell/src/app/firstScreen.ts';
import { PAGE_STYLESHEET, SERVER_PAINTED } from '../../shell/src/app/firstPaint.ts';
import { stylesheetsIn, type ManifestStyles } from '../../shell/src/app/remoteStyles.ts';
import { composeRoutes, firstPageModule } from '../../shell/src/app/routeTable.ts';
import type { PageServerOptions, ShellDocuments } from '../../shell/src/server/pages.ts';
import { htmlAttribute, jsonDataBlock, PAGE_AREA } from '../../shell/src/server/pageHtml.ts';

/** What the step may add to a page's wait for its HTML, at most. */
export const PAGE_PAINT_BUDGET_MS = 250;
/** Stylesheet texts kept: a handful of pages' files, with room for releases. */
const MAX_STYLESHEETS = 64;
/** Drawings kept (a few hundred pages' tops, a few KB each). */
const MAX_DRAWINGS = 500;
/** Routes and manifests are `no-cache` to browsers; the step re-reads them this often, so a remote's release shows within seconds. */
const REMOTE_DOCS_TTL_MS = 5_000;

export type { ShellDocuments };

/** The page server's options (shell/src/server/pages.ts), which this painter is on its way out for. */
export interface PagePaintOptions extends Omit<PageServerOptions, 'registry'> {
  /**
   * A file of the shell's build by its path in index.html ("/main.0123456789.css"): its stylesheets
   * are written into the page too, so nothing stands between the HTML and its first paint. Without
   * it they stay linked.
   */
  shellFile?: (path: string) => Promise<string>;
}

/** The page's HTML for `url` (its shell origin gives the client header), or null: serve index.html as it is. */
export type PagePainter = (url: URL) => Promise<string | null>;

/** The shell's own stylesheets in index.html (the build links them by their path). */
const SHELL_STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")(?=[^>]*\bhref="(\/[^"]+\.css)")[^>]*>/g;
/** Text that could close a <style> element is never written into a page. */
const closesStyle = (text: string) => /<\/style/i.test(text);

export function createPagePainter(options: PagePaintOptions): PagePainter {
  const reach = options.reach ?? ((url: string) => url);
  const budgetMs = options.budgetMs ?? PAGE_PAINT_BUDGET_MS;
  // One document to draw with: the drawing only creates nodes and serialises them.
  const { document } = new JSDOM('').window;
  const remoteDocs = new Map<string, { until: number; body: Promise<unknown> }>();
  // Stylesheets, the remotes' and the shell's, have content-hashed names: a name's text never changes.
  const stylesheetText = hashedFiles((href, signal) =>
    fetch(reach(href), { signal }).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`)))),
  );
  const shellFile = options.shellFile && hashedFiles(options.shellFile);

  function remoteDoc(url: string, signal: AbortSignal): Promise<unknown> {
    const known = remoteDocs.get(url);
    if (known && known.until > Date.now()) return known.body;
    const body = fetch(reach(url), { signal }).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))));
    // A failed read is not kept: the next navigation asks again.
    body.catch(() => remoteDocs.delete(url));
    remoteDocs.set(url, { until: Date.now() + REMOTE_DOCS_TTL_MS, body });
    return body;
  }

  /**
   * The text of the page module's stylesheets (named as its remote's CSS loader names them,
   * remoteStyles.ts stylesheetsIn). The loader does not see them in the page, so it links its
   * file when the module loads: the same rules again, after these.
   */
  async function pageStylesheets(remotes: Record<string, string>, pathname: string, signal: AbortSignal): Promise<string[] | null> {
    const declared = await Promise.all(
      Object.entries(remotes).map(async ([name, manifest]) => {
        const routes = (await remoteDoc(new URL('routes.json', manifest).href, signal).catch(() => null)) as RemoteRoutes | null;
        return [name, routes] as const;
      }),
    );
    // A protected page's own module (the one a signed-in shopper gets): the entry paints it only then.
    const id = firstPageModule(composeRoutes(declared), pathname, true);
    const remote = id?.slice(0, id.indexOf('/'));
    const manifestUrl = remote && remotes[remote];
    if (!id || !manifestUrl) return null;
    const manifest = (await remoteDoc(manifestUrl, signal)) as ManifestStyles;
    const hrefs = stylesheetsIn(manifest, manifestUrl, id.slice(remote.length + 1));
    const texts = await Promise.all(hrefs.map((href) => stylesheetText(href, signal)));
    return texts.some(closesStyle) ? null : texts;
  }

  /**
   * index.html with the shell's stylesheets written in, when the step can read them (else linked,
   * as they were). Worked out once per index.html: only a file that could not be read is tried again.
   */
  let styled: { html: string; out: Promise<{ html: string; complete: boolean }> } | null = null;
  async function withShellStyles(html: string): Promise<string> {
    if (!shellFile) return html;
    if (styled?.html !== html) styled = { html, out: writeShellStyles(html, shellFile) };
    const { out } = styled;
    const result = await out;
    if (!result.complete && styled?.out === out) styled = null;
    return result.html;
  }

  async function writeShellStyles(html: string, read: (href: string) => Promise<string>) {
    const links = [...html.matchAll(SHELL_STYLESHEET)];
    const texts = await Promise.all(links.map(([, href]) => read(href!).catch(() => null)));
    let out = html;
    links.forEach(([link], i) => {
      const text = texts[i];
      if (typeof text === 'string' && !closesStyle(text)) out = out.replace(link, `<style>${text}</style>`);
    });
    return { html: out, complete: !texts.includes(null) };
  }

  // Drawings by the answers they were drawn from: the same answers are the same drawing, so a page
  // many shoppers open at once is drawn once, and any change in the answers draws it anew.
  const drawings = new Map<string, { html: string; images: string[] } | null>();
  function drawingOf(answers: string, draw: () => { html: string; images: string[] } | null) {
    const key = createHash('sha256').update(answers).digest('base64');
    if (drawings.has(key)) return drawings.get(key)!;
    const drawing = draw();
    if (drawings.size >= MAX_DRAWINGS) drawings.delete(drawings.keys().next().value!);
    drawings.set(key, drawing);
    return drawing;
  }

  return async (url) => {
    const reads = firstReads(url.pathname, url.search);
    if (!reads) return null;
    const spec = FIRST_SCREENS[reads.pattern];
    // The browser's own pages (a cart lives in its storage, an order needs its session) are painted
    // by the entry: the step writes in only their stylesheets and the open answers that paint needs.
    const drawn = !reads.session && reads.paint.length > 0;
    if (!drawn && !spec.ownStylesheet) return null;
    const signal = AbortSignal.timeout(budgetMs);
    try {
      const [{ apiBaseUrl, remotes }, html] = await Promise.all([
        options.documents(),
        Promise.resolve(options.indexHtml()).then(withShellStyles),
      ]);
      /** An answer's text, or null when the API said no. */
      const read = async (path: string) => {
        const response = await fetch(reach(apiUrl(apiBaseUrl, path)), {
          headers: { Accept: 'application/json', [CLIENT_DOMAIN_HEADER]: url.origin },
          signal,
        });
        return response.ok ? response.text() : null;
      };
      const [texts, stylesheets] = await Promise.all([
        Promise.all(drawn ? reads.paint.map(read) : []),
        spec.ownStylesheet ? pageStylesheets(remotes, url.pathname, signal) : Promise.resolve([]),
      ]);
      // The page would not look as drawn without its stylesheet: the browser paints it instead.
      if (texts.includes(null) || !stylesheets || (spec.ownStylesheet && stylesheets.length === 0)) return null;
      if (!PAGE_AREA.test(html)) return null;
      const styles = stylesheets.map((text) => `<style ${PAGE_STYLESHEET}>${text}</style>`);
      if (!drawn) {
        // Open answers the entry's paint may need (the cart's stores' rules), handed over as data.
        const answers = await Promise.all((spec.openReads ?? []).map(async (path) => [path, await read(path)] as const));
        const data = answers.flatMap(([path, text]) => (text === null ? [] : [jsonDataBlock(HANDED_OVER, path, JSON.parse(text))]));
        return html.replace('</head>', `${[...styles, ...data].join('')}</head>`);
      }
      const drawing = drawingOf(`${apiBaseUrl}\n${url.pathname}${url.search}\n${(texts as string[]).join('\n')}`, () => {
        const screen = spec.draw(
          (texts as string[]).map((text) => JSON.parse(text) as unknown),
          document,
          (path) => apiUrl(apiBaseUrl, path),
          url,
        );
        if (!screen) return null;
        const holder = document.createElement('div');
        holder.append(screen.content);
        return { html: holder.innerHTML, images: screen.images };
      });
      if (!drawing) return null;
      const head = [
        ...styles,
        ...drawing.images
          .slice(0, spec.ownStylesheet ? PRELOADED_CARD_PICTURES : 1)
          .map((image) => `<link rel="preload" as="image" fetchpriority="high" href="${htmlAttribute(apiUrl(apiBaseUrl, image))}">`),
      ].join('');
      return html
        .replace('</head>', `${head}</head>`)
        .replace(PAGE_AREA, (_match, open: string, close: string, end: string) => `${open} ${SERVER_PAINTED}${close}${drawing.html}${end}`);
    } catch {
      return null;
    }
  };
}

/**
 * Reads files by content-hashed name once each (a name's text never changes); a failed read is
 * forgotten, and a long-running server keeps the newest few dozen.
 */
function hashedFiles(read: (name: string, signal?: AbortSignal) => Promise<string>) {
  const texts = new Map<string, Promise<string>>();
  return (name: string, signal?: AbortSignal): Promise<string> => {
    const known = texts.get(name);
    if (known) return known;
    const text = read(name, signal);
    text.catch(() => texts.delete(name));
    if (texts.size >= MAX_STYLESHEETS) texts.delete(texts.keys().next().value!);
    texts.set(name, text);
    return text;
  };
}

/**
 * PAGE_REACH's `public=internal` URL prefixes (space-separated) as a PagePaintOptions.reach: a URL
 * under a public prefix is read under its internal one, any other as it is.
 */
export function parseReach(value: string): (url: string) => string {
  const pairs = value
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [from, to, extra] = pair.split('=');
      if (!from || !to || extra !== undefined) throw new Error(`PAGE_REACH: "${pair}" is not public=internal`);
      return [from.replace(/\/+$/, ''), to.replace(/\/+$/, '')] as const;
    });
  return (url) => {
    const pair = pairs.find(([from]) => url === from || url.startsWith(`${from}/`));
    return pair ? `${pair[1]}${url.slice(pair[0].length)}` : url;
  };
}

/** A file of a served folder by its path in the page ("/main.0123456789.css"); never outside the folder. */
export function shellFileOf(root: string): (file: string) => Promise<string> {
  return async (file) => {
    const full = path.join(root, path.normalize(file));
    if (!full.startsWith(path.join(root, path.sep))) throw new Error(`${file} is outside the served folder`);
    return readFile(full, 'utf8');
  };
}
