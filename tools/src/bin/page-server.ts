// The shell's page server as a service of its own, for docker-compose (docker/node/Dockerfile, target pages):
// the shell's nginx sends it page navigations (docker/nginx/shell.conf) and serves index.html as it
// is whenever this answers 404, fails, is slow or is not running at all. It renders with the shell's
// build, started by path (tools/src/shellPages.ts): the shell's layout and each page by the remote
// that owns it (docs/decisions/013-server-composition.md). `npm start` runs the same file inside its
// static server (tools/src/stack.ts).
//
//   SHELL_DIST   the shell's production build (its dist/, holding server/pages.mjs); default this
//                repo's shell/dist
//   SHELL_URL    where this reaches the shell's nginx: its index.html, /config.json and /remotes.json
//   PAGE_REACH   public=internal URL prefixes, space-separated: how this reaches what browsers reach
//                at a published port (the API, the remotes); any other URL is fetched as it is
//   PAGE_PORT    default 8080
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { loadShellPages, parseReach, type ShellDocuments } from '../shellPages.ts';

/** This repo's shell build, for a page server started from a checkout. */
const REPO_SHELL_DIST = fileURLToPath(new URL('../../../shell/dist', import.meta.url));

/** index.html and the runtime documents are re-read this often: a shell restarted with other remotes is followed. */
const SHELL_DOCS_TTL_MS = 5_000;

async function main() {
  const shellUrl = (process.env.SHELL_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(shellUrl)) throw new Error('SHELL_URL must be the http(s) address of the shell (e.g. http://shell:8080)');
  const reach = parseReach(process.env.PAGE_REACH ?? '');
  /** A file the shell serves, as text. */
  const shellFile = async (file: string) => {
    const response = await fetch(`${shellUrl}${file}`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return response.text();
  };
  const json = async (file: string) => JSON.parse(await shellFile(file)) as unknown;
  const documents = async (): Promise<ShellDocuments> => {
    const [config, remotes] = await Promise.all([json('/config.json'), json('/remotes.json')]);
    const apiBaseUrl = (config as { apiBaseUrl?: unknown }).apiBaseUrl;
    if (typeof apiBaseUrl !== 'string') throw new Error('/config.json has no apiBaseUrl');
    return { apiBaseUrl, remotes: remotes as Record<string, string> };
  };
  const indexHtml = () => shellFile('/index.html');
  // Started before listening: a build without its page server fails here, not on the first page.
  // The shell's stylesheets are written into the pages: read from the shell like index.html.
  const render = await loadShellPages(process.env.SHELL_DIST || REPO_SHELL_DIST, {
    indexHtml,
    documents,
    reach,
    shellFile,
    documentsTtlMs: SHELL_DOCS_TTL_MS,
  });

  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  app.get('/*', async (request, reply) => {
    // The shop's address as the shopper's browser has it, passed on by the shell's nginx.
    const proto = request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
    const html = await render(new URL(request.url, `${proto}://${request.headers.host ?? 'localhost'}`));
    if (!html) return reply.code(404).send({ message: 'Not rendered here: serve index.html' });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  const close = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  await app.listen({ port: Number(process.env.PAGE_PORT ?? 8080), host: '0.0.0.0' });
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
