// The security headers of every static server (tools/src/static-server.ts for `npm start` and e2e; the
// images' nginx, whose shell entrypoint runs `tsx`-free copies of the same rules: docker/shell/*.sh and
// tools/src/ops/nginx.test.ts keep them equal). The page may load only from its own origin, the
// remotes' and the API's origins (remotes.json, config.json) and PayPal's and Google's sign-in; it can
// never be framed. Inline scripts are allowed by their hash, computed from the built page itself.
import { createHash } from 'node:crypto';

/** PayPal's JS SDK, its buttons (iframes) and checkout window, as PayPal's CSP guide lists them. */
export const PAYPAL_SOURCES = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
/** Google Identity Services: its script, its button (an iframe) and its styles. */
export const GOOGLE_SOURCES = ['https://accounts.google.com'];

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** 'sha256-…' of every inline <script> of an HTML page (the exact text between the tags, as the browser hashes it). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/** scheme://host[:port] of each http(s) URL; anything else is dropped. */
export function originsOf(urls: unknown[]): string[] {
  const origins = urls.flatMap((url) =>
    typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) ? [new URL(url).origin] : [],
  );
  return [...new Set(origins)];
}

/** The shop's Content-Security-Policy, for `origins` (remotes and API) and the page's inline-script hashes. */
export function contentSecurityPolicy(origins: string[], scriptHashes: string[]): string {
  const ours = ["'self'", ...origins];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', [...ours, ...PAYPAL_SOURCES, ...GOOGLE_SOURCES, ...scriptHashes]],
    // PayPal's and Google's scripts add <style> elements of their own.
    ['style-src', [...ours, "'unsafe-inline'", ...GOOGLE_SOURCES]],
    ['img-src', [...ours, 'data:', ...PAYPAL_SOURCES]],
    ['font-src', [...ours, 'data:']],
    ['connect-src', [...ours, ...PAYPAL_SOURCES, ...GOOGLE_SOURCES]],
    ['frame-src', [...origins, ...PAYPAL_SOURCES, ...GOOGLE_SOURCES]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
