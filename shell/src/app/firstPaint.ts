// What the entry painted in the page area from the first page's early data (firstData.ts) before
// React started. The first page boundary keeps showing it while its remote module loads, so the
// first paint does not blink away.
let firstPagePlaceholder: string | null = null;
/** Whether the first page's top on screen was drawn from its data by the entry. */
let drawnFromData = false;

/** Call once, before React replaces the static markup of `root`. */
export function keepFirstPaint(root: HTMLElement): void {
  const area = root.querySelector('.site-main .page-loading');
  firstPagePlaceholder = area?.innerHTML ?? '';
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
