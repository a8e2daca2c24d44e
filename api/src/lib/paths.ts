// Paths are resolved from this file's location, never from process.cwd(), so the API finds its
// migrations and data directory whether it is started from the repo root, api/ or a container.
import { fileURLToPath } from 'node:url';

/** The repository root (the npm workspaces root, one level above api/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** drizzle-kit's output folder: the one migration set both drivers run. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle/', import.meta.url));
