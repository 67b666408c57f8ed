/** Standalone QA mode: this remote's pages of the page manifest in the shared harness, against the real API. */
import { startStandalone } from 'web-runtime/harness';

void startStandalone({
  title: 'Búsqueda',
  remote: 'mf_search',
  pages: import.meta.webpackContext('./pages', { recursive: false, regExp: /-page\.tsx$/ }),
});
