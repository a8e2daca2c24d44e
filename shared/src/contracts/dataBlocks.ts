// What the shell's servers write into a page for the browser: JSON data blocks,
// `<script type="application/json" <attribute>="<key>">`, which run nothing, so the CSP allows them.
// Written by the page server (shell/src/server/pages.ts) and tools/ (tools/src/runtimeDocuments.ts),
// read by the shell's entry (shell/src/app/config.ts dataBlockText): one format for all of them.

/** The runtime documents (/config.json, /remotes.json), keyed by their URL. */
export const RUNTIME_DOCUMENT = 'data-runtime-document';

/** What the page server hands the browser with a page it rendered, keyed by what it holds (shell/src/app/pageState.ts). */
export const PAGE_STATE = 'data-page-state';

/** JSON inside a <script> element: no `<` at all, so nothing in it can end the element or open a comment. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A value inside a double-quoted HTML attribute. */
export const htmlAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A JSON data block found by `attribute`="`key`". */
export const jsonDataBlock = (attribute: string, key: string, value: unknown) =>
  `<script type="application/json" ${attribute}="${htmlAttribute(key)}">${jsonInHtml(value)}</script>`;
