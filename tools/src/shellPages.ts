// The shell's page server, started by path from the shell's build (shell/dist/server/pages.mjs, built
// from shell/src/server/pages.ts): tools/ runs what the shell built, never its sources, so a page is
// rendered by the shell's and the remotes' own code (docs/decisions/013-server-composition.md, point 3).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where an app's build for the page server goes, inside its dist/ (served from the same origin). */
export const SERVER_DIR = 'server';
/** The shell's page server, inside its dist/server/ (tools/ starts it by this path). */
export const SHELL_SERVER_FILE = 'pages.mjs';

/** The shell's runtime documents as browsers get them: /config.json's API address and /remotes.json. */
export interface ShellDocuments {
  apiBaseUrl: string;
  remotes: Record<string, string>;
}

/** What pages.mjs's createPageServer takes (shell/src/server/pages.ts PageServerOptions). */
export interface ShellPagesOptions {
  /** The shell's index.html as it is now. */
  indexHtml(): string | Promise<string>;
  documents(): ShellDocuments | Promise<ShellDocuments>;
  /** Where this process reaches a public URL (PAGE_REACH); as it is by default. */
  reach?: (publicUrl: string) => string;
  /** The page's budget from the request's start; the page server's own by default. */
  budgetMs?: number;
  /** A file of the shell's build by its path in index.html: its stylesheets are then written into the pages. */
  shellFile?: (path: string) => Promise<string>;
  /** How long index.html and the documents, once read, serve the pages; by default each page reads them. */
  documentsTtlMs?: number;
}

/** A file of a served folder by its path in the page ("/main.0123456789.css"); never outside the folder. */
export function shellFileOf(root: string): (file: string) => Promise<string> {
  return async (file) => {
    const full = path.join(root, path.normalize(file));
    if (!full.startsWith(path.join(root, path.sep))) throw new Error(`${file} is outside the served folder`);
    return readFile(full, 'utf8');
  };
}

/** The page's HTML for `url` (on the shell's origin), or null: serve index.html as it is. Never rejects. */
export type PageRenderer = (url: URL) => Promise<string | null>;

/** The page server of the shell build in `shellDist`. */
export async function loadShellPages(shellDist: string, options: ShellPagesOptions): Promise<PageRenderer> {
  const file = path.join(shellDist, SERVER_DIR, SHELL_SERVER_FILE);
  const built = (await import(pathToFileURL(file).href)) as {
    createPageServer?: (options: ShellPagesOptions) => { render: PageRenderer };
  };
  if (typeof built.createPageServer !== 'function') throw new Error(`${file} exports no createPageServer`);
  const server = built.createPageServer(options);
  return (url) => server.render(url);
}

/**
 * How this process reaches a public URL, from PAGE_REACH ("public=internal" URL prefixes, space-
 * separated): in docker-compose the API and the remotes are other containers. Any other URL stays.
 */
export function parseReach(value: string): (url: string) => string {
  const pairs = value
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [from, to, extra] = pair.split('=');
      if (!from || !to || extra !== undefined) throw new Error(`PAGE_REACH: "${pair}" is not public=internal`);
      return [from.replace(/\/+$/, ''), to.replace(/\/+$/, '')] as const;
    });
  return (url) => {
    const pair = pairs.find(([from]) => url === from || url.startsWith(`${from}/`));
    return pair ? `${pair[1]}${url.slice(pair[0].length)}` : url;
  };
}
