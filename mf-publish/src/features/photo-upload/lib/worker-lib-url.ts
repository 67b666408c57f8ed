/**
 * URL of browser-image-compression's UMD build, emitted by webpack as an asset of THIS remote
 * (new URL + import.meta.url). The library's worker importScripts() it; its default is a CDN,
 * and the portal must not depend on (or leak visitors to) a third-party host.
 * Loaded only through a dynamic import: jest (CommonJS) cannot parse import.meta.
 */
export const workerLibUrl = new URL('browser-image-compression/dist/browser-image-compression.js', import.meta.url).href;
