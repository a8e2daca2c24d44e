// A page's own <head> entries, rendered by the page component itself: React 19 hoists <title>, <meta>
// and <link> into document.head wherever they are rendered, in the browser and in its server renderer
// alike, so the remote that owns a page owns its head. A subpath of its own (@grocer/shared/head), not
// the package's index: the shell provides the index on every first load, and only remotes' pages need this.

export const SITE_NAME = 'Grocer';

interface PageHeadProps {
  /** What the page shows; the site name is added after it. */
  title: string;
  description?: string;
  /** A path on the shop (paths.x(...) with its defaults left out); made absolute on the shop's origin. */
  canonicalPath?: string;
  /** Signed-in, one-time-link and staff pages: nothing there for a search engine to list. */
  noindex?: boolean;
}

/**
 * Where a server rendering a page says which origin it is rendering for (the shell's page server:
 * shell/src/server/renderPage.tsx). A key in the process-wide symbol registry: each remote bundles
 * its own copy of this file, and all of them must find the one the server set.
 */
export const PUBLIC_ORIGIN_ON_SERVER = Symbol.for('grocer.publicOrigin');

/**
 * The shop's public origin. Pages are served by the shell on that origin, so the address bar's
 * origin is it; /config.json names only the API's. On a server: the origin of the page it renders.
 */
export function publicOrigin(): string {
  if (typeof window !== 'undefined') return window.location.origin;
  const onServer = (globalThis as { [PUBLIC_ORIGIN_ON_SERVER]?: () => string | undefined })[PUBLIC_ORIGIN_ON_SERVER];
  return onServer?.() ?? '';
}

/** An absolute URL on the shop for a path ("/store/x" → "https://shop.example/store/x"). */
export function publicUrl(path: string): string {
  return `${publicOrigin()}${path}`;
}

export function PageHead({ title, description, canonicalPath, noindex = false }: PageHeadProps) {
  return (
    <>
      {/* One text child: React sets a <title> only from a single string. */}
      <title>{`${title} | ${SITE_NAME}`}</title>
      {description && <meta name="description" content={description} />}
      {canonicalPath !== undefined && <link rel="canonical" href={publicUrl(canonicalPath)} />}
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}

/**
 * A schema.org JSON-LD data block. Browsers never run a script of this type (so the shop's CSP
 * script-src does not apply to it), but the HTML parser still ends it at the first "</script", so every
 * "<" is written as \u003c: a product called "</script><script>…" stays inside the JSON.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
