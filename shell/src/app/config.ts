// /config.json is read once per page, as soon as the entry runs (index.html preloads it): the
// bootstrap applies it with @grocer/shared's loadRuntimeConfig, and meanwhile the connections to the
// API are opened, so the first page's data and images do not wait for them. No shared imports: the
// entry runs this before the shared libraries load.

const CONFIG_URL = '/config.json';
let reading: Promise<Response> | undefined;

/** The response to /config.json, fetched on the first call; each caller gets its own copy of the body. */
export function readConfigDocument(url = CONFIG_URL): Promise<Response> {
  reading ??= fetch(url);
  return reading.then((response) => response.clone());
}

/**
 * Opens the two connections to the API's origin a first page uses: API calls are CORS requests
 * without credentials, product images plain ones, and a browser keeps those on separate connections.
 * Only a hint: anything unexpected leaves it out, and loadRuntimeConfig reports an unreadable config.
 */
export async function preconnectToApi(doc: Document = document): Promise<void> {
  try {
    const response = await readConfigDocument();
    if (!response.ok) return;
    const { apiBaseUrl } = (await response.json()) as { apiBaseUrl?: unknown };
    if (typeof apiBaseUrl !== 'string') return;
    const origin = new URL(apiBaseUrl, doc.location.href).origin;
    if (origin === doc.location.origin) return;
    for (const crossOrigin of ['anonymous', null]) {
      const link = doc.createElement('link');
      link.rel = 'preconnect';
      link.href = origin;
      if (crossOrigin) link.crossOrigin = crossOrigin;
      doc.head.append(link);
    }
  } catch {
    // A hint only.
  }
}
