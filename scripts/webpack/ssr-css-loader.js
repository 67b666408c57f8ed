// @ts-check
/**
 * CSS in the server builds (webpack.base.js createServerConfig). The browser build injects CSS
 * with style-loader; on the server there is no document, so each of our CSS files registers its
 * text under `<app>/<file>` and the renderer writes what was registered into the page's <head>
 * (the first paint is styled before any script runs). `?skip` (CSS from packages) registers nothing.
 */
const path = require('node:path');

/**
 * @this {import('webpack').LoaderContext<{ app?: string }>}
 * @param {string | Buffer} source
 */
module.exports = function ssrCssLoader(source) {
  if (this.resourceQuery === '?skip' || (typeof this.query === 'string' && /[?&]skip\b/.test(this.query))) return 'export {};';
  const { app = 'app' } = this.getOptions() || {};
  const key = `${app}/${path.relative(this.rootContext, this.resourcePath).split(path.sep).join('/')}`;
  return `(globalThis.__PORTAL_SSR_CSS__ ??= new Map()).set(${JSON.stringify(key)}, ${JSON.stringify(String(source))});\nexport {};\n`;
};
