// What the apps use of react-router, and all that the page gets of it. A shared module keeps every
// export (any remote might use any), so sharing the package whole ships its data routers, forms and
// server helpers too (~60 KB gzip); shared through this list, rspack drops the rest. The ES build is
// imported by file: the request 'react-router' is the shared module itself.
// tools/src/shared-entries/entries.test.ts fails when an app imports something not listed here.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchRoutes,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from '../../../node_modules/react-router/dist/development/index.mjs';
