// The one place browser tests fake the network: a route table keyed by "METHOD /path" answering
// through the real fetch pipeline (so the real base query, headers and status handling run).

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** What a handler answers; `headers` are response headers (e.g. a paging cursor). */
export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (request: MockRequest) => MockResponse | Promise<MockResponse>;

export interface FetchMock {
  /** Every request seen, in order. */
  calls: MockRequest[];
  restore(): void;
}

export function mockFetch(routes: Record<string, MockHandler>): FetchMock {
  const original = globalThis.fetch;
  const calls: MockRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const seen: MockRequest = { method: request.method, url, headers: request.headers, body: text ? JSON.parse(text) : undefined };
    calls.push(seen);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) return Response.json({ success: false, message: `No mock for ${request.method} ${url.pathname}` }, { status: 404 });
    const { status = 200, body = null, headers } = await handler(seen);
    return Response.json(body, { status, headers });
  }) as typeof fetch;
  return {
    calls,
    restore() {
      globalThis.fetch = original;
    },
  };
}
