import { describe, expect, it } from 'vitest';
import { bestMatch } from '../src/shared/router/match.ts';
import { paths } from '../src/config/paths.ts';
import { FIRST_SCREENS } from '../vite/first-screen-preload.ts';
import { firstRoutes } from '../src/app/first-routes.ts';
import firstRoutesSource from '../src/app/first-routes.ts?raw';
import { laterRoutes } from '../src/app/later-routes.tsx';
import { isRouted, routedPaths } from '../src/shared/routed.ts';
import { WIDGET_KINDS } from '@crust/domain/content';
import { widgetPath } from '../src/shared/content/widget-path.ts';

describe('the route table', () => {
  it.each([
    '/postorder-ui/offers',
    '/postorder-ui/login',
    '/postorder-ui/login-otp?redirectUrl=%2Fpostorder-ui%2Fprofile',
    '/postorder-ui/profile',
    '/postorder-ui/searchAddress',
    '/postorder-ui/myAddresses?fromProfile=true',
    '/postorder-ui/mapScreen?latitude=28.6&longitude=77.2',
    '/postorder-ui/nearestStore?deliveryType=P',
    '/postorder-ui/takeawayMapScreen?deliveryType=P',
    '/postorder-ui/selectRestaurant?deliveryType=P&storePage=false',
    '/postorder-ui/orderHistory',
    '/postorder-ui/orderDetails?orderId=1',
    '/postorder-ui/wallet',
    '/wallet',
    '/pizzaLoyalty',
    '/jfl-discovery-payment/en/pwa/payment',
    '/menu/world-pizza-league',
    '/edv?itemId=3',
    '/deliverOnTrain',
    '/irctcStation?pnr=2451234567',
    '/uf?orderId=O0000000000000000000F1',
    '/notification',
    '/notification?widget=inside-our-kitchens',
    '/info',
    '/info?page=allergens',
    '/worldPizzaLeague',
  ])('has a screen at %s (SPEC §2)', (path) => {
    expect(isRouted(path)).toBe(true);
  });

  it('has no screen at a path it does not know, so nothing links there', () => {
    expect(isRouted('/no-such-screen')).toBe(false);
  });

  it.each(WIDGET_KINDS)('leads a %s widget to a routed screen, or nowhere for a plain notice', (kind) => {
    const to = widgetPath({ kind, id: 'w-1' });
    if (kind === 'none') expect(to).toBeNull();
    else expect(to !== null && isRouted(to), `${kind} → ${to}`).toBe(true);
  });

  it('is what features read as routed: every route but the not-found catch-all, and nothing else', () => {
    const declared = [...firstRoutes, ...laterRoutes].map((r) => r.path).filter((p) => p !== '*');
    expect(new Set(routedPaths)).toEqual(new Set(declared));
    expect(routedPaths).toHaveLength(new Set(declared).size);
  });

  // a path of the route pattern: each :param and a final * filled with a segment
  const pathOf = (pattern: string) => pattern.replace(/:\w+/g, 'x1').replace(/\*$/, 'no/such/screen');

  it.each(firstRoutes.map((r) => r.path))(
    'routes %s in the entry: no later route is a closer match (issue 32 §1)',
    (pattern) => {
      const all = [...firstRoutes, ...laterRoutes];
      expect(bestMatch(all, pathOf(pattern))?.route.path).toBe(pattern);
    },
  );

  it.each(laterRoutes.map((r) => r.path))(
    'leaves %s to the later routes: no first route takes it from the catch-all',
    (pattern) => {
      const layout = [...firstRoutes, { path: '*' }];
      expect(bestMatch(layout, pathOf(pattern))?.route.path).toBe('*');
      expect(bestMatch(laterRoutes, pathOf(pattern))?.route.path).toBe(pattern);
    },
  );

  it('routes in the entry exactly the screens whose chunks index.html preloads', () => {
    expect(new Set(firstRoutes.map((r) => r.path))).toEqual(new Set(Object.keys(FIRST_SCREENS)));
  });

  it('preloads for each first path the module its route renders (read from first-routes.ts)', () => {
    // a route's screen is a lazy import the router cannot name, so the source says which module it is
    const source = firstRoutesSource;
    const modules = new Map(
      [...source.matchAll(/const (\w+) = screen\(\(\) => import\('\.\.\/([^']+)'\)\)/g)].map((m) => [
        m[1]!,
        `src/${m[2]!}`,
      ]),
    );
    const rendered = [
      ...source.matchAll(
        /path: paths\.(\w+)\.(\w+),\s*Screen: (?:screen\(\(\) => import\('\.\.\/([^']+)'\)\)|(\w+))/g,
      ),
    ].map((m) => [
      (paths as unknown as Record<string, Record<string, string>>)[m[1]!]![m[2]!]!,
      m[3] ? `src/${m[3]}` : modules.get(m[4]!),
    ]);
    expect(rendered).toHaveLength(firstRoutes.length);
    expect(Object.fromEntries(rendered)).toEqual(FIRST_SCREENS);
  });
});
