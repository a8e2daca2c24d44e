// Answers that the page asked for before the store existed: the shell's entry starts the first
// screen's API reads in parallel with the JS (shell/src/app/firstData.ts) and hands them over here;
// the base query then takes the answer in flight instead of asking the API a second time.

/** An early answer is for the first screen only: after this, the page asks afresh. */
export const EARLY_RESPONSE_TTL_MS = 30_000;

const early = new Map<string, { response: Promise<Response>; until: number }>();

/**
 * An answer is keyed by what it was asked with: the URL and the Authorization header (none for an
 * open read). A read made with the shopper's token serves only a call that carries the same token,
 * never an open call or another session's.
 */
const key = (url: string, authorization: string | null) => `${new URL(url, globalThis.location?.href).href}\n${authorization ?? ''}`;

/** Offers the answer to a GET of `url` (absolute, or relative to the page), asked with `authorization` or none, to the first query that asks the same. */
export function provideEarlyResponse(
  url: string,
  response: Promise<Response>,
  authorization: string | null = null,
  now = Date.now(),
): void {
  early.set(key(url, authorization), { response, until: now + EARLY_RESPONSE_TTL_MS });
}

/** The early answer to a GET of `url` with `authorization` (or none), once: a second query for it asks the API itself. */
export function takeEarlyResponse(url: string, authorization: string | null = null, now = Date.now()): Promise<Response> | undefined {
  const k = key(url, authorization);
  const entry = early.get(k);
  early.delete(k);
  return entry && now <= entry.until ? entry.response : undefined;
}

/**
 * fetch, except that a GET with an early answer asked the same way takes it. If that early read
 * failed (no network at the time), the request is sent now, as if there had been no early read.
 */
export function fetchTakingEarlyResponse(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (input instanceof Request && input.method === 'GET') {
    const response = takeEarlyResponse(input.url, input.headers.get('Authorization'));
    if (response) return response.catch(() => fetch(input, init));
  }
  return fetch(input, init);
}
