/**
 * The app's router (decision 015): the part of react-router the app used — history, routes with params,
 * links, redirects and the query — in a few hundred bytes instead of 11 KB of the first screen's JavaScript.
 */
export { BrowserRouter, Router } from './Router.tsx';
export { Routes, type RouteEntry } from './Routes.tsx';
export { Link, Navigate } from './Link.tsx';
export { useNavigate, useSearchParams, type SetURLSearchParams } from './hooks.ts';
export { useLocation, useParams, type NavigateFunction, type NavigateOptions } from './context.ts';
export { matchPath } from './match.ts';
export {
  createBrowserHistory,
  createMemoryHistory,
  type History,
  type Location,
  type To,
} from './history.ts';
