// Answers that the page asked for before the store existed: the shell's entry starts the first
// screen's API reads in parallel with the JS (shell/src/app/firstData.ts) and hands them over here;
// the base query then takes the answer in flight instead of asking the API a second time.

/** An early answer is for the first screen only: after this, the page asks afresh. */
export const EARLY_RESPONSE_TTL_MS = 30_000;

const early = new Map<string, { response: Promise<Response>; until: number }>();

const key = (url: string) => new URL(url, globalThis.location?.href).href;

/** Offers the answer to a GET of `url` (absolute, or relative to the page) to the first query that asks for it. */
export function provideEarlyResponse(url: string, response: Promise<Response>, now = Date.now()): void {
  early.set(key(url), { response, until: now + EARLY_RESPONSE_TTL_MS });
}

/** The early answer to a GET of `url`, once: a second query for the same URL asks the API itself. */
export function takeEarlyResponse(url: string, now = Date.now()): Promise<Response> | undefined {
  const k = key(url);
  const entry = early.get(k);
  early.delete(k);
  return entry && now <= entry.until ? entry.response : undefined;
}

/**
 * fetch, except that a GET with an early answer takes it (early reads are open ones: a call that
 * carries the shopper's token never takes one). If that early read failed (no network at
 * the time), the request is sent now, as if there had been no early read.
 */
export function fetchTakingEarlyResponse(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (input instanceof Request && input.method === 'GET' && !input.headers.has('Authorization')) {
    const response = takeEarlyResponse(input.url);
    if (response) return response.catch(() => fetch(input, init));
  }
  return fetch(input, init);
}
