// The speed budgets of the "Proof of quality" issue, measured on built output, and the helpers the
// budget tests (tools/src/budgets.test.ts, e2e/tests/budgets.spec.ts) and `npm run bench:web` share.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Bytes, gzip -9 (what a static host ships; independent of the dev server's on-the-fly brotli level). */
export const BUDGETS = {
  /** Every JS file the browser loads for the first paint of `/` (shell, remote entries, chunks). */
  homeFirstLoadJs: 170 * 1024,
  /** Each remote's remoteEntry.js. */
  remoteEntry: 15 * 1024,
} as const;

export function gzipSize(content: Buffer | string): number {
  return zlib.gzipSync(content, { level: 9 }).length;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Sources of React's own packages as they appear in a source map (`webpack://app/../node_modules/react-dom/...`). */
const REACT_SOURCE = /(^|\/)node_modules\/(react|react-dom|scheduler)\//;
/** Defined by react and read by react-dom, in their minified code too; no library built on React has it. */
const REACT_INTERNALS = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';

export interface ReactInBuild {
  /** Built JS files of the folder. */
  files: string[];
  /** `file: why` for every file that holds React code. */
  reactCode: string[];
}

/**
 * Which built JS files of a folder hold React's own code: by the sources of their source map (rspack
 * writes one beside every production file that has sources) and by React's internals in the code, so
 * neither minification nor a file without a map hides it.
 */
export function reactInBuild(dist: string): ReactInBuild {
  const files = readdirSync(dist).filter((name) => name.endsWith('.js'));
  const reactCode: string[] = [];
  for (const file of files) {
    if (readFileSync(path.join(dist, file), 'utf8').includes(REACT_INTERNALS)) reactCode.push(`${file}: React internals in the code`);
    const map = path.join(dist, `${file}.map`);
    if (!existsSync(map)) continue;
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    for (const source of sources) if (REACT_SOURCE.test(decodeURIComponent(source))) reactCode.push(`${file}: ${source}`);
  }
  return { files, reactCode };
}
