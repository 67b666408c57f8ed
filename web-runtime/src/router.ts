/**
 * The part of react-router the web apps use, shared as ONE singleton module
 * (`web-runtime/router`) instead of sharing `react-router-dom` itself.
 *
 * A shared module cannot be tree-shaken (its consumers are unknown at build time), and
 * react-router 7 ships its data routers, server rendering and RSC code in the same files: shared
 * whole, it cost 61 KB gzip on every first page. Re-exported through this module, only what is
 * listed here (and what it needs) is bundled, still as one copy with one router context for the
 * shell and every remote. Apps import routing from here; the lint rule forbids
 * `react-router-dom` elsewhere. Add an export here before using a new router API.
 * (docs/decisions/0004-first-load-budget.md)
 */
export {
  BrowserRouter,
  StaticRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  useNavigate,
  useParams,
  useLocation,
  matchPath,
} from 'react-router-dom';
