// @ts-check
/**
 * THE PAGE MANIFEST: every screen of the portal (SPEC §2) and every module a remote exposes.
 * A screen's code starts at its `module`. Adding a screen is one entry here and one page file.
 *
 * The remotes themselves (name, folder, dev port) are the list in web-apps.js.
 *
 * Derived from this list (docs/decisions/0013-page-manifest-and-contracts.md):
 *  - the shell's route table (shell/src/app/routes.tsx) and its server renderer;
 *  - each remote's webpack `exposes` (exposesOf, in <remote>/webpack.config.js), which point at
 *    the page files themselves;
 *  - each remote's standalone QA harness routes (web-runtime/harness);
 *  - the contract check of a remote's build (remote-contract.ts, `npm run remote -- check`);
 *  - ROUTES (routes.ts);
 *  - which addresses the site server renders on the server or leaves to the browser
 *    (shell/server/site-server.mjs, plain node: this is why the file is plain CommonJS data,
 *    typed with JSDoc and checked by tsc as TypeScript is).
 *
 * A page:
 *   id      its key in ROUTES
 *   path    the address, in react-router's syntax (`:param` one segment, `/*` anything below)
 *   remote  the remote that renders it (federation name)
 *   expose  the name the shell loads it by (`remote/expose`); its default export is the page
 *   module  the page's file, from the repository root
 *   guard   public | guestOnly (logged in: leave for ?next=) | userOnly | moderatorOnly (else: home)
 *   ssr     also rendered on the server (shell/src/server). The renderer asks the page module for
 *           its data through the module's `serverData` export (ServerDataLoader, ssr.ts), when it has one.
 *   label   the link to the page in its remote's standalone QA harness header, when set
 */
'use strict';

const { REMOTE_APPS } = require('./web-apps.js');

/** @typedef {import('./web-apps.js').RemoteName} RemoteName */

/** Remote (federation name) -> its folder (web-apps.js). */
const REMOTE_DIRS = /** @type {Readonly<Record<RemoteName, string>>} */ (Object.fromEntries(REMOTE_APPS.map((app) => [app.name, app.dir])));

/** Who may open a page; the others go home (a logged-in user on a guestOnly page: to ?next=). */
/** @typedef {'public' | 'guestOnly' | 'userOnly' | 'moderatorOnly'} PageGuard */
/**
 * @typedef {object} PageEntry
 * @property {PageId} id
 * @property {string} path
 * @property {RemoteName} remote
 * @property {string} expose  './LoginPage': loaded as `mf_account/LoginPage`
 * @property {string} module  the page's file from the repository root
 * @property {PageGuard} guard
 * @property {boolean} ssr  rendered on the server too; its data comes from the module's `serverData` export
 * @property {string} [label]  its link in the remote's standalone QA harness
 */
/**
 * @typedef {object} ExposedComponent
 * @property {RemoteName} remote
 * @property {string} expose
 * @property {string} module
 */

const PAGE_LIST = /** @type {const} */ ([
  // Search: the home page, and the landing pages (/venta/apartamento/piantini, landing.ts)
  { id: 'home', path: '/', remote: 'mf_search', expose: './HomePage', module: 'mf-search/src/pages/home-page.tsx', guard: 'public', ssr: true, label: 'Inicio' },
  { id: 'landingVenta', path: '/venta/*', remote: 'mf_search', expose: './HomePage', module: 'mf-search/src/pages/home-page.tsx', guard: 'public', ssr: true },
  { id: 'landingAlquiler', path: '/alquiler/*', remote: 'mf_search', expose: './HomePage', module: 'mf-search/src/pages/home-page.tsx', guard: 'public', ssr: true },
  // Account
  { id: 'login', path: '/login', remote: 'mf_account', expose: './LoginPage', module: 'mf-account/src/pages/login-page.tsx', guard: 'guestOnly', ssr: false, label: 'Login' },
  { id: 'signup', path: '/signup', remote: 'mf_account', expose: './SignupPage', module: 'mf-account/src/pages/signup-page.tsx', guard: 'guestOnly', ssr: false, label: 'Registro' },
  { id: 'forgotPassword', path: '/forgotPassword', remote: 'mf_account', expose: './ForgotPasswordPage', module: 'mf-account/src/pages/forgot-password-page.tsx', guard: 'public', ssr: false, label: 'Olvidé contraseña' },
  { id: 'resetPassword', path: '/resetPassword/:id/:token', remote: 'mf_account', expose: './ResetPasswordPage', module: 'mf-account/src/pages/reset-password-page.tsx', guard: 'public', ssr: false },
  { id: 'confirmEmail', path: '/confirmEmail/:id/:token', remote: 'mf_account', expose: './ConfirmEmailPage', module: 'mf-account/src/pages/confirm-email-page.tsx', guard: 'public', ssr: false },
  { id: 'requestEmailConfirmation', path: '/requestEmailConfirmation', remote: 'mf_account', expose: './RequestEmailConfirmationPage', module: 'mf-account/src/pages/request-email-confirmation-page.tsx', guard: 'public', ssr: false, label: 'Pedir link' },
  { id: 'comprarPlan', path: '/comprarPlanPage', remote: 'mf_account', expose: './ComprarPlanPage', module: 'mf-account/src/pages/comprar-plan-page.tsx', guard: 'public', ssr: false, label: 'Planes' },
  // Issue 23: the moderators' queue (the API checks the role again on every call)
  { id: 'moderacion', path: '/moderacion', remote: 'mf_account', expose: './ModeracionPage', module: 'mf-account/src/pages/moderacion-page.tsx', guard: 'moderatorOnly', ssr: false, label: 'Moderación' },
  // Issue 46: the account's agency (create, profile, team) and the invitation email's link (decision 0042)
  { id: 'miInmobiliaria', path: '/miInmobiliaria', remote: 'mf_account', expose: './MiInmobiliariaPage', module: 'mf-account/src/pages/mi-inmobiliaria-page.tsx', guard: 'userOnly', ssr: false, label: 'Mi inmobiliaria' },
  { id: 'aceptarInvitacion', path: '/aceptarInvitacion/:token', remote: 'mf_account', expose: './AceptarInvitacionPage', module: 'mf-account/src/pages/aceptar-invitacion-page.tsx', guard: 'public', ssr: false },
  // Issue 22: saved searches, and the alert emails' unsubscribe link
  { id: 'misBusquedas', path: '/misBusquedas', remote: 'mf_account', expose: './MisBusquedasPage', module: 'mf-account/src/pages/mis-busquedas-page.tsx', guard: 'userOnly', ssr: false, label: 'Mis búsquedas' },
  { id: 'bajaAlertas', path: '/bajaAlertas/:busquedaId/:token', remote: 'mf_account', expose: './BajaAlertasPage', module: 'mf-account/src/pages/baja-alertas-page.tsx', guard: 'public', ssr: false },
  // Issue 39: the price-drop email's unsubscribe link (the account's price drops, not its searches)
  { id: 'bajaAvisosPrecio', path: '/bajaAvisosPrecio/:userId/:token', remote: 'mf_account', expose: './BajaAvisosPrecioPage', module: 'mf-account/src/pages/baja-avisos-precio-page.tsx', guard: 'public', ssr: false },
  // Listing
  { id: 'anuncioDetail', path: '/anuncioDetailedView/:anuncioId', remote: 'mf_listing', expose: './AnuncioDetailPage', module: 'mf-listing/src/pages/anuncio-detail-page.tsx', guard: 'public', ssr: true },
  // Issue 22: favourites (a visitor's are kept in the browser)
  { id: 'favoritos', path: '/favoritos', remote: 'mf_listing', expose: './FavoritosPage', module: 'mf-listing/src/pages/favoritos-page.tsx', guard: 'public', ssr: false },
  // Publish
  { id: 'misAnuncios', path: '/misAnuncios', remote: 'mf_publish', expose: './MisAnunciosPage', module: 'mf-publish/src/pages/mis-anuncios-page.tsx', guard: 'userOnly', ssr: false, label: 'Mis anuncios' },
  { id: 'agregarAnuncio', path: '/agregarAnuncio', remote: 'mf_publish', expose: './AgregarAnuncioPage', module: 'mf-publish/src/pages/agregar-anuncio-page.tsx', guard: 'userOnly', ssr: false, label: 'Agregar anuncio' },
  // Issue 20: the owner's edit page, and the reminder email's renew link (no session needed)
  { id: 'editarAnuncio', path: '/editarAnuncio/:anuncioId', remote: 'mf_publish', expose: './EditarAnuncioPage', module: 'mf-publish/src/pages/editar-anuncio-page.tsx', guard: 'userOnly', ssr: false },
  { id: 'renovarAnuncio', path: '/renovarAnuncio/:anuncioId/:token', remote: 'mf_publish', expose: './RenovarAnuncioPage', module: 'mf-publish/src/pages/renovar-anuncio-page.tsx', guard: 'public', ssr: false },
]);

/** A page's key in ROUTES: the ids above. */
/** @typedef {(typeof PAGE_LIST)[number]['id']} PageId */

/** @type {readonly PageEntry[]} */
const PAGES = PAGE_LIST;

/**
 * Exposes that are not pages: components a remote renders inside another remote's pages
 * (RemoteComponent, web-runtime/remote). Default export, as for pages.
 * @type {readonly ExposedComponent[]}
 */
const COMPONENTS = [
  // the one listing card of the portal (search results, my listings)
  { remote: 'mf_listing', expose: './AnuncioCard', module: 'mf-listing/src/features/anuncio-card/components/anuncio-card.tsx' },
];

/**
 * A remote's webpack `exposes`: expose -> its file, relative to the remote's folder.
 * @param {RemoteName} remote
 * @returns {Record<string, string>}
 */
function exposesOf(remote) {
  const dir = REMOTE_DIRS[remote];
  if (!dir) throw new Error(`page-manifest: no remote ${remote}`);
  /** @type {Record<string, string>} */
  const exposes = {};
  for (const entry of [...PAGES, ...COMPONENTS]) {
    if (entry.remote !== remote) continue;
    if (!entry.module.startsWith(`${dir}/`)) throw new Error(`page-manifest: ${entry.module} is not in ${dir}/`);
    const file = `./${entry.module.slice(dir.length + 1)}`;
    if (exposes[entry.expose] && exposes[entry.expose] !== file) throw new Error(`page-manifest: ${remote} ${entry.expose} names two files`);
    exposes[entry.expose] = file;
  }
  return exposes;
}

/**
 * A page's path as a regular expression over an address's pathname (the site server's test).
 * @param {string} path
 */
function pathPattern(path) {
  const rest = path.endsWith('/*') ? path.slice(0, -2) : path;
  const body = rest
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}${rest === path ? '' : '(?:/.*)?'}$`);
}

module.exports = { REMOTE_DIRS, PAGES, COMPONENTS, exposesOf, pathPattern };
