// The one base query (DESIGN.md "State and events"): every call goes to the API named in the
// runtime config, with the client-domain header; authenticated calls carry the bearer token and
// are never sent with a missing or nearly expired token (spec §7); a 401 ends the session.
import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { getRuntimeConfig } from '../config/runtimeConfig.ts';
import { CLIENT_DOMAIN_HEADER, type ApiErrorBody, type User } from '../contracts/index.ts';
import { events } from '../events/bus.ts';
import { isTokenUsable } from '../session/token.ts';
import { fetchTakingEarlyResponse } from './earlyResponses.ts';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export interface GrocerExtraOptions {
  /** The call needs the signed-in user's token (spec §7 "Authenticated"). */
  auth?: boolean;
}

const rawBaseQuery = fetchBaseQuery({
  // The first screen's reads may already be in flight, started by the shell before the page loaded.
  fetchFn: fetchTakingEarlyResponse,
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    if (typeof window !== 'undefined') headers.set(CLIENT_DOMAIN_HEADER, window.location.origin);
    return headers;
  },
});

function sessionExpiredError(): { error: FetchBaseQueryError } {
  const data: ApiErrorBody = {
    success: false,
    message: SESSION_EXPIRED_MESSAGE,
    error: { code: 'SESSION_EXPIRED', message: SESSION_EXPIRED_MESSAGE },
  };
  return { error: { status: 401, data } };
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, GrocerExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  request.url = `${getRuntimeConfig().apiBaseUrl}${request.url.startsWith('/') ? '' : '/'}${request.url}`;

  if (extraOptions?.auth) {
    const token = (api.getState() as { session?: { user: User | null } }).session?.user?.token;
    if (!token || !isTokenUsable(token)) {
      events.emit('session:expired', { message: SESSION_EXPIRED_MESSAGE });
      return sessionExpiredError();
    }
    const headers = new Headers(request.headers as HeadersInit | undefined);
    headers.set('Authorization', `Bearer ${token}`);
    request.headers = headers;
  }

  const result = await rawBaseQuery(request, api, extraOptions ?? {});
  if (extraOptions?.auth && result.error?.status === 401) {
    events.emit('session:expired', { message: SESSION_EXPIRED_MESSAGE });
  }
  return result;
};

/** The server's message from an RTK Query error, or the spec's fallback text for that call. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: Partial<ApiErrorBody> | null }).data;
    const message = data?.error?.message ?? data?.message;
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return fallback;
}

/** The HTTP status of an RTK Query error (a number, or 'FETCH_ERROR' and the like). */
export function apiErrorStatus(error: unknown): number | string | undefined {
  return error && typeof error === 'object' && 'status' in error ? (error as FetchBaseQueryError).status : undefined;
}

/** The API could not be asked: no answer (network down, timeout) or its 503 "try again later". */
export function isApiUnreachable(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 503;
}
