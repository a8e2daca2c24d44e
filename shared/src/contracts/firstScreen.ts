// A remote's first screen for one of the pages the browser draws (the cart, from its storage; a
// signed-in shopper's order, from an answer only their session may read): the top of the page,
// drawn with plain DOM calls before any of the page's React code has loaded, by the remote that owns
// the page, in the same markup and classes its page renders, so nothing moves when the page takes
// over. The remote builds it as a small stand-alone ES module (createAppConfig `firstScreens`) and
// names the file in its routes.json; the shell's entry imports it, asks the API what it `reads`, and
// paints what it `draws` into the page area. The shell knows nothing of what it draws.
// Only contracts: the module is loaded before the shared libraries are.

/** The API reads a first screen is drawn from. */
export interface FirstScreenReads {
  /** API paths (relative to the API's base URL), asked at once; their JSON bodies reach `draw` in this order. */
  readonly paths: readonly string[];
  /**
   * Asked with the stored session's token, as the page's own authenticated query asks, so only that
   * query takes the answers. Nothing is read or drawn without a stored session.
   */
  readonly session?: true;
}

export interface FirstScreenModule {
  /**
   * What the page's top is drawn from, for the URL's `:param` values (decoded, as React Router gives
   * them); null when nothing is drawn early (the page then draws itself). It may read the browser's storage.
   */
  reads(params: Readonly<Record<string, string>>): FirstScreenReads | null;
  /**
   * The page's top from the bodies of `reads` (null for a read that failed), built with `doc`'s DOM
   * calls, never markup from an answer; null when it draws nothing (the page then draws itself).
   * `apiUrl` turns an API path or a picture's path into its URL.
   */
  draw(bodies: readonly unknown[], doc: Document, apiUrl: (pathOrUrl: string) => string): Node | null;
}
