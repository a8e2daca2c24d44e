// What the shell's servers write into index.html, in one place for all of them: the page server
// (pages.ts), the page step and the runtime documents of tools/ (tools/src/pagePaint.ts,
// tools/src/runtimeDocuments.ts) until the page server replaces them. No imports: tools/ runs this
// file from source.

/** JSON inside a <script> element: no `<` at all, so nothing in it can end the element or open a comment. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A value inside a double-quoted HTML attribute. */
export const htmlAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A JSON data block, `<script type="application/json">`, found by `attribute`="`key`": it runs
 * nothing, so the CSP allows it.
 */
export const jsonDataBlock = (attribute: string, key: string, value: unknown) =>
  `<script type="application/json" ${attribute}="${htmlAttribute(key)}">${jsonInHtml(value)}</script>`;

/**
 * index.html's page area (shell/src/index.html): its static placeholder, as the open tag, its `>` and
 * its closing tag, the one `</main>` follows (left in place).
 */
export const PAGE_AREA = /(<div class="page-loading" aria-busy="true")(>)[\s\S]*?(<\/div>)(?=\s*<\/main>)/;

/** index.html's `#root`, as its open tag, its content and its closing tag, the last before `</body>`. */
export const ROOT = /(<div id="root">)[\s\S]*(<\/div>)(?=\s*<\/body>)/;
