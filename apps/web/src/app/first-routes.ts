import { paths } from '../config/paths.ts';
import { screen, type RouteDef } from './screen.ts';

const Landing = screen(() => import('../features/landing/LandingScreen.tsx'));
const Menu = screen(() => import('../features/menu/MenuScreen.tsx'));

/**
 * The screens a visit starts on (vite/first-screen-preload.ts's FIRST_SCREENS): the entry routes these itself.
 * Every other route is in ./later-routes.tsx, a chunk of its own with its screens' import lists (issue 32 §1);
 * test/routes.test.ts checks that no later route's path is taken by one of these.
 */
export const firstRoutes: readonly RouteDef[] = [
  { path: paths.home.pattern, Screen: Landing },
  { path: paths.landing.pattern, Screen: Landing },
  { path: paths.menu.pattern, Screen: Menu },
  { path: paths.menu.categoryPattern, Screen: Menu },
  {
    path: paths.customise.pattern,
    Screen: screen(() => import('../features/customise/CustomiseScreen.tsx')),
  },
  { path: paths.cart.pattern, Screen: screen(() => import('../features/cart/CartScreen.tsx')) },
  {
    path: paths.trackOrder.pattern,
    Screen: screen(() => import('../features/tracking/TrackOrderScreen.tsx')),
  },
];
