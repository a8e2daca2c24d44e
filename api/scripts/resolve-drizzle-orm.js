// Preloaded by `npm run db:generate` (see package.json). npm hoists drizzle-kit to the root
// node_modules but keeps drizzle-orm in api/node_modules (a root dev dependency's peers block
// hoisting), so drizzle-kit cannot find drizzle-orm on its own. This points drizzle-kit's
// `import('drizzle-orm/...')` at api's copy; NODE_PATH (set in the script) covers its `require`.
// Harmless if npm ever hoists drizzle-orm: the same file is found either way.
import { register } from 'node:module';

const apiPackageJson = new URL('../package.json', import.meta.url).href;
const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(apiPackageJson)} });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
