// @ts-check
/**
 * Runs drizzle-kit (hoisted to the root node_modules) so that it finds drizzle-orm, which npm
 * installed under api/node_modules only: bare `drizzle-orm` imports are resolved from api/.
 * Usage: node scripts/drizzle-kit.mjs generate
 */
import { register, createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..');
const hook = `
const parent = ${JSON.stringify(pathToFileURL(path.join(apiDir, 'package.json')).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return next(specifier, { ...context, parentURL: parent });
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
// drizzle-kit also require()s drizzle-orm (CJS): NODE_PATH covers that path.
process.env.NODE_PATH = path.join(apiDir, 'node_modules');
createRequire(import.meta.url)('node:module').Module._initPaths();
const require = createRequire(path.join(apiDir, 'package.json'));
process.argv = [process.argv[0], 'drizzle-kit', ...process.argv.slice(2)];
await import(pathToFileURL(path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs')).href);
