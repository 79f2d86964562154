/**
 * SPEC §2's post-order area: the screens under /postorder-ui/ link to their twins there, so a customer who came
 * in through it stays in it; the main routes link to the main routes.
 */
export const POST_ORDER_AREA = '/postorder-ui';

/** The post-order area or the main routes (''). */
export type Area = '' | typeof POST_ORDER_AREA;

/** '/postorder-ui' on a post-order screen, '' elsewhere: put before a path that has a twin in the area. */
export function areaOf(pathname: string): Area {
  return pathname.startsWith(`${POST_ORDER_AREA}/`) ? POST_ORDER_AREA : '';
}
