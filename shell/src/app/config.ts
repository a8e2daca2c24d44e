// /config.json is read once per page, as soon as the entry runs: the entry starts the first page's
// reads with it, and the bootstrap applies it with @grocer/shared's loadRuntimeConfig. Only contracts
// imports: the entry runs this before the shared libraries load.
import { RUNTIME_DOCUMENT } from '@grocer/shared/contracts';

const CONFIG_URL = '/config.json';
let reading: Promise<Response> | undefined;

/**
 * RUNTIME_DOCUMENT: the attribute of a runtime document (/config.json, /remotes.json) that the server
 * serving the shell wrote into the page, as a JSON data block in place of index.html's preload of it
 * (tools/src/runtimeDocuments.ts; nginx: docker/shell/40-grocer-runtime-documents.sh). The page then
 * starts without those two requests, which otherwise share the first connection with the entry script.
 */
export { RUNTIME_DOCUMENT };

/**
 * The text of the page's JSON data block (`<script type="application/json">`) whose `attribute` is
 * `key`, as a server wrote it in (@grocer/shared/contracts jsonDataBlock); undefined without one.
 */
export function dataBlockText(attribute: string, key: string, doc: Document = document): string | undefined {
  for (const block of doc.querySelectorAll(`script[type="application/json"][${attribute}]`)) {
    if (block.getAttribute(attribute) === key) return block.textContent ?? undefined;
  }
  return undefined;
}

/** A runtime document as the page came with it, else fetched (index.html preloads both for that case). */
export function readRuntimeDocument(url: string, doc: Document = document): Promise<Response> {
  const text = dataBlockText(RUNTIME_DOCUMENT, url, doc);
  if (text) return Promise.resolve(new Response(text));
  return fetch(url);
}

/** The response to /config.json, read on the first call; each caller gets its own copy of the body. */
export function readConfigDocument(url = CONFIG_URL): Promise<Response> {
  reading ??= readRuntimeDocument(url);
  return reading.then((response) => response.clone());
}
