import { getRuntimeConfig } from './runtimeConfig.ts';

/** Images and other files the API serves come as paths on the API ("/images/..."); absolute URLs pass through. */
export function assetUrl(pathOrUrl: string): string {
  return pathOrUrl.startsWith('/') ? `${getRuntimeConfig().apiBaseUrl}${pathOrUrl}` : pathOrUrl;
}
