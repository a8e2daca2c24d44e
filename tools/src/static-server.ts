// The small static server `npm start` and the e2e suite use for the shell and each remote:
// Fastify + @fastify/static (well-kept, streams from disk on every request, so a swapped folder is
// served at once) with compression and the cache headers of DESIGN.md "Performance architecture".
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { contentSecurityPolicy, inlineScriptHashes, originsOf, SECURITY_HEADERS } from './csp.ts';
import type { PageRenderer } from './shellPages.ts';
import { inlineRuntimeDocuments } from './runtimeDocuments.ts';

export interface StaticServerOptions {
  /** Folder to serve. */
  root: string;
  port: number;
  host?: string;
  /**
   * JSON documents served from memory (the shell's /remotes.json and /config.json). A function is read
   * on every request, so a running shell can be pointed at other remotes (the CSP follows).
   */
  documents?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Serve index.html for unknown paths (the shell's client-side routes). */
  spa?: boolean;
  /** With `spa`: a page navigation's HTML rendered by the shell's page server (shellPages.ts), else index.html as it is. */
  pages?: PageRenderer;
  /** Paths answered by fetching another URL and sending its answer (the shell's robots.txt and sitemap, from the API). */
  passOn?: (pathname: string) => string | undefined;
}

// Content-hashed file names (see tools/src/rspack.ts) never change content: cache them for a year.
// docker/nginx/grocer-http.conf repeats this pattern for the images (tools/src/ops/nginx.test.ts keeps them equal).
export const HASHED = /\.[0-9a-f]{10}\.(js|css|svg|png|jpe?g|webp|avif|woff2?)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.0123456789.js.br) is cached like the file it encodes.
  return HASHED.test(path.basename(filePath).replace(/\.(br|gz)$/, '')) ? IMMUTABLE : REVALIDATE;
}

/** The index.html of a served folder, re-read when it changes (a swapped build is served at once). */
export function indexHtmlOf(root: string): () => string {
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/**
 * Whether a request path names a source map, in any spelling: source maps stay in dist
 * (tools/src/budgets.ts reads them) but are never served. Decided on the path as it is served, not as
 * it was sent: percent-decoded (until it stops changing, should a layer below decode once more), with
 * `..`, `.` and doubled slashes resolved, in any case (a case-insensitive disk serves `.MAP` too), and
 * trailing dots and slashes dropped (which some file systems ignore). docker/nginx/static-server.inc
 * says the same for the images.
 */
export function isSourceMap(pathname: string): boolean {
  let decoded = pathname;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return /\.map[./]*$/i.test(path.posix.normalize(decoded.replace(/\\/g, '/')));
}

/**
 * The CSP for pages of `root`: the origins of the documents' URLs (remotes, API) and the inline-script
 * hashes of root/index.html as it is now (re-read when it changes, as a swapped folder is served at once).
 */
function policyFor(root: string, documents: () => Record<string, unknown>) {
  const originsNow = () =>
    originsOf(Object.values(documents()).flatMap((doc) => (doc && typeof doc === 'object' ? Object.values(doc) : [])));
  let origins = originsNow();
  let cached = { mtimeMs: -1, policy: contentSecurityPolicy(origins, []) };
  return () => {
    const current = originsNow();
    if (current.join() !== origins.join()) {
      origins = current;
      cached = { mtimeMs: -1, policy: cached.policy };
    }
    const index = path.join(root, 'index.html');
    const mtimeMs = (() => {
      try {
        return statSync(index).mtimeMs;
      } catch {
        return 0;
      }
    })();
    if (mtimeMs !== cached.mtimeMs) {
      cached = { mtimeMs, policy: contentSecurityPolicy(origins, mtimeMs ? inlineScriptHashes(readFileSync(index, 'utf8')) : []) };
    }
    return cached.policy;
  };
}

export async function createStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  // Stopping means stopping: a connection the browser opened ahead and left unused otherwise held a
  // restart (bench:web swapping builds) for minutes, until the browser let it go.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const given = options.documents ?? {};
  const documents = typeof given === 'function' ? given : () => given;
  const policy = policyFor(options.root, documents);
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers({ ...SECURITY_HEADERS, 'content-security-policy': policy() });
    if (isSourceMap(request.url.split('?')[0] ?? '')) return reply.code(404).send({ message: 'Not found' });
  });
  // Remotes are fetched from the shell's origin (manifest, entry, chunks): any origin may read them.
  await app.register(fastifyCors, { origin: '*' });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Quality 5 keeps on-the-fly brotli cheap while still beating gzip on JS.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  const passOn = options.passOn;
  if (passOn) {
    app.addHook('onRequest', async (request, reply) => {
      const target = request.method === 'GET' ? passOn(request.url.split('?')[0] ?? '') : undefined;
      if (!target) return;
      const answer = await fetch(target, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (!answer) return reply.code(502).send({ message: `${target} did not answer` });
      return reply
        .code(answer.status)
        .header('cache-control', answer.headers.get('cache-control') ?? REVALIDATE)
        .type(answer.headers.get('content-type') ?? 'text/plain; charset=utf-8')
        .send(await answer.text());
    });
  }
  for (const route of Object.keys(documents())) {
    app.get(route, async (_request, reply) => reply.header('cache-control', REVALIDATE).type('application/json').send(documents()[route]));
  }
  if (options.spa) {
    const pages = options.pages;
    // A page navigation gets the app: rendered by the page server, else index.html, with the
    // runtime documents written in either way.
    const indexHtml = indexHtmlOf(options.root);
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const painted = pages && (await pages(new URL(request.url, `http://${request.headers.host ?? 'localhost'}`)));
      let html: string;
      try {
        html = painted || indexHtml();
      } catch {
        return reply.code(404).send({ message: 'Not found' }); // A folder without index.html.
      }
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(inlineRuntimeDocuments(html, documents()));
    };
    // `/` is a route of its own: @fastify/static, told to serve no index, answers a folder with 403.
    app.get('/', sendPage);
    app.setNotFoundHandler(async (request, reply) => {
      // Only page navigations fall back to the app; a missing asset stays a 404.
      if (request.method !== 'GET' || path.extname(request.url.split('?')[0] ?? '') !== '') {
        return reply.code(404).send({ message: 'Not found' });
      }
      return sendPage(request, reply);
    });
  }
  await app.register(fastifyStatic, {
    root: options.root,
    // The app's pages, / too, come from sendPage above, which writes the runtime documents in.
    index: options.spa ? false : undefined,
    cacheControl: false,
    // The path @fastify/static resolved, and the file it finally picked (case folding, encodings): the
    // same rule as the hook above, on the path actually served.
    allowedPath: (pathName) => !isSourceMap(pathName),
    // The build writes .br/.gz beside each text asset (tools/src/rspack.ts); anything else is compressed on the fly.
    preCompressed: true,
    setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
  });
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  return app;
}
