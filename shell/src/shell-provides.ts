/**
 * The shared modules other than antd that the shell PROVIDES to the remotes (marked `shell` in
 * shared-contracts/src/shared-modules.js; the remotes' builds leave them out). Behind a lazy
 * import that is never called, so each is its own chunk, fetched only when a remote asks for it;
 * the first page pays for none of them (as ./antd-provide.ts).
 */
export const providedModules = () => [import('web-runtime/photo-slider'), import('web-runtime/photo-gallery')];

// Keep the function reachable for the bundler without ever calling it.
(globalThis as { __portalProvides?: unknown }).__portalProvides = providedModules;
