// What index.html painted in the page area before any JS ran (the home banner on /). The first page
// boundary keeps showing it while its remote module loads, so the first paint does not blink away.
let firstPagePlaceholder: string | null = null;

/** Call once, before React replaces the static markup of `root`. */
export function keepFirstPaint(root: HTMLElement): void {
  firstPagePlaceholder = root.querySelector('.site-main .page-loading')?.innerHTML ?? '';
}

/** The static page placeholder for the first page only; later pages start from an empty one. */
export function takeFirstPagePlaceholder(): string {
  const html = firstPagePlaceholder ?? '';
  firstPagePlaceholder = '';
  return html;
}
