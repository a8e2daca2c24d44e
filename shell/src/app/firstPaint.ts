// What index.html painted in the page area before any JS ran (the home banner on /), or what the
// entry painted there from the first page's early data (firstData.ts) before React started. The
// first page boundary keeps showing it while its remote module loads, so the first paint does not blink away.
let firstPagePlaceholder: string | null = null;
/** Whether the first page's top on screen was drawn from its data, by the page step or the entry. */
let drawnFromData = false;

/**
 * The attribute the shell's page step (tools/src/pagePaint.ts) puts on index.html's page area when it
 * drew the page's top into the HTML itself: the entry then paints nothing over it.
 */
export const SERVER_PAINTED = 'data-server-painted';

/** The attribute of the page's own stylesheets when the page step wrote them into <head>. */
export const PAGE_STYLESHEET = 'data-page-stylesheet';

/** Whether the page's top came drawn in the HTML. */
export const paintedByServer = (doc: Document = document): boolean =>
  doc.querySelector(`#root .site-main .page-loading[${SERVER_PAINTED}]`) !== null;

/** Call once, before React replaces the static markup of `root`. */
export function keepFirstPaint(root: HTMLElement): void {
  const area = root.querySelector('.site-main .page-loading');
  firstPagePlaceholder = area?.innerHTML ?? '';
  drawnFromData ||= area?.hasAttribute(SERVER_PAINTED) ?? false;
}

/**
 * Puts `content` in the static page area, if React has not taken the page over yet (then the page
 * renders it itself, soon). Returns whether it was painted.
 */
export function paintFirstPage(content: Node, doc: Document = document): boolean {
  if (firstPagePlaceholder !== null) return false;
  const area = doc.querySelector('#root .site-main .page-loading');
  if (!area) return false;
  area.replaceChildren(content);
  drawnFromData = true;
  return true;
}

/**
 * Whether the visit's first page is on screen drawn from its data, asked once by that page: it then
 * renders only with its data (RemotePage), so the drawing never gives way to a loading state. A page
 * drawn from nothing (an unknown product, the API down) renders at once and reads for itself.
 */
export function takeDrawnFromData(): boolean {
  const drawn = drawnFromData;
  drawnFromData = false;
  return drawn;
}

/** The static page placeholder for the first page only; later pages start from an empty one. */
export function takeFirstPagePlaceholder(): string {
  const html = firstPagePlaceholder ?? '';
  firstPagePlaceholder = '';
  return html;
}
