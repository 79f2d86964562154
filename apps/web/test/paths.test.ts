import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths.ts';
import { firstRoutes } from '../src/app/first-routes.ts';
import { laterRoutes } from '../src/app/later-routes.tsx';

describe('the table of paths (issue 13 §3)', () => {
  it('gives the route tables every pattern they declare, the post-order twins included', () => {
    const table = new Set<string>();
    for (const entry of Object.values(paths)) {
      table.add(entry.pattern);
      if ('twin' in entry) table.add(entry.twin);
      if ('categoryPattern' in entry) table.add(entry.categoryPattern);
    }
    for (const { path } of [...firstRoutes, ...laterRoutes]) expect(table).toContain(path);
  });

  it('spells each query as its links always have', () => {
    // URLSearchParams: a space is +, brackets are escaped
    expect(paths.orderDetails({ orderId: 'a b' }, '/postorder-ui')).toBe(
      '/postorder-ui/orderDetails?orderId=a+b',
    );
    expect(paths.tncOffers({ code: 'A B(1)' })).toBe('/tncOffers?code=A+B%281%29');
    expect(paths.menu({ slug: 'veg', query: new URLSearchParams({ sort: 'a b' }) })).toBe(
      '/menu/veg?sort=a+b',
    );
    expect(paths.password({ action: 'setPassword', redirectUrl: paths.profile() })).toBe(
      '/dominosPassword?action=setPassword&redirectUrl=%2Fprofile',
    );
    expect(paths.nearestStore({ deliveryType: 'D', redirect: null })).toBe('/nearestStore?deliveryType=D');
    expect(paths.selectRestaurant({ deliveryType: 'P', storePage: 'false' })).toBe(
      '/selectResturant?deliveryType=P&storePage=false',
    );
    expect(
      paths.mapScreen({
        isFromCart: true,
        deliveryType: 'D',
        longitude: '77.2',
        latitude: '28.6',
        isAddAddress: false,
      }),
    ).toBe('/mapScreen?latitude=28.6&longitude=77.2&deliveryType=D&isFromCart=true');
    // encodeURIComponent: a space is %20, brackets stay
    expect(paths.login({ redirectUrl: '/menu?a=b c(1)' })).toBe('/login?redirectUrl=%2Fmenu%3Fa%3Db%20c(1)');
    expect(paths.login(new URLSearchParams({ redirectUrl: '/x y' }), '/postorder-ui')).toBe(
      '/postorder-ui/login?redirectUrl=%2Fx+y',
    );
    expect(paths.thankYou({ transactionId: 'T 1' })).toBe('/thankYou?transactionId=T%201');
    expect(paths.trackOrder({ orderHistoryId: 'O1', key: null })).toBe('/trackOrder?orderHistoryId=O1');
    expect(paths.thankYouAndTracking({ orderId: 'O1', key: 'k (1)' })).toBe(
      '/thankYouAndTracking?orderId=O1&key=k%20(1)',
    );
    expect(paths.address({ myAddress: true, addressId: 'a b' })).toBe(
      '/address?myAddress=true&addressId=a%20b',
    );
  });
});
