// The speed budgets of the "Proof of quality" issue, measured on built output, and the helpers the
// budget tests (tools/src/budgets.test.ts, e2e/tests/budgets.spec.ts) and `npm run bench:web` share.
import { readdirSync, readFileSync } from 'node:fs';
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

export interface ReactInBuild {
  /** Built JS files of the folder. */
  files: string[];
  /** Built JS files that have no source map, so they cannot be checked. */
  unmapped: string[];
  /** `file: source` for every React source compiled into a file. */
  reactSources: string[];
}

/**
 * Which React sources a build folder contains, read from the source maps rspack writes next to every
 * production file (tools/src/rspack.ts `devtool`), so minified code cannot hide them.
 */
export function reactInBuild(dist: string): ReactInBuild {
  const files = readdirSync(dist).filter((name) => name.endsWith('.js'));
  const unmapped: string[] = [];
  const reactSources: string[] = [];
  for (const file of files) {
    let sources: string[];
    try {
      ({ sources } = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] });
    } catch {
      unmapped.push(file);
      continue;
    }
    for (const source of sources) if (REACT_SOURCE.test(decodeURIComponent(source))) reactSources.push(`${file}: ${source}`);
  }
  return { files, unmapped, reactSources };
}
