// The one place browser tests fake the network: a route table keyed by "METHOD /path" answering
// through the real fetch pipeline (so the real base query, headers and status handling run).

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, or the text as sent for any other content type (a CSV upload). */
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
    const json = (request.headers.get('content-type') ?? 'application/json').includes('json');
    const body = text ? (json ? JSON.parse(text) : text) : undefined;
    const seen: MockRequest = { method: request.method, url, headers: request.headers, body };
    calls.push(seen);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) return Response.json({ success: false, message: `No mock for ${request.method} ${url.pathname}` }, { status: 404 });
    const answer = await handler(seen);
    const { status = 200, headers } = answer;
    // A text answer (a CSV export) is sent as text; anything else as JSON.
    if (typeof answer.body === 'string' && headers?.['content-type']?.startsWith('text/'))
      return new Response(answer.body, { status, headers });
    return Response.json(answer.body ?? null, { status, headers });
  }) as typeof fetch;
  return {
    calls,
    restore() {
      globalThis.fetch = original;
    },
  };
}
