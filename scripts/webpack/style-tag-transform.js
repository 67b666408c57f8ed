// @ts-check
/**
 * style-loader's styleTagTransform for the browser builds (webpack.base.js). A server-rendered page
 * already carries our CSS files in its <style data-ssr-css> (ssr-css-loader.js); writing the same
 * rules again when the module loads only made the browser recalculate every style of the page, once
 * per file, while the page was hydrating. A file whose text the server sent stays an empty <style>;
 * any other (a page reached by client navigation, a changed file in development) is written as
 * style-loader would.
 */
/**
 * @param {string} css
 * @param {HTMLStyleElement} styleElement
 */
function styleTagTransform(css, styleElement) {
  const fromServer = document.querySelector('style[data-ssr-css]');
  if (fromServer && css && fromServer.textContent?.includes(css)) return;
  while (styleElement.firstChild) styleElement.removeChild(styleElement.firstChild);
  styleElement.appendChild(document.createTextNode(css));
}

module.exports = styleTagTransform;
