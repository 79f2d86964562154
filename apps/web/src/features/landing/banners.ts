import type { RemoteConfig } from '@crust/contract';
import { assertNever } from '@crust/domain/delivery-types';

export type BannerKind = RemoteConfig['banners'][number]['kind'];

/** SPEC §2 Banner routing. */
export function bannerPath(kind: BannerKind): string {
  switch (kind) {
    case 'hygiene':
      return '/notification';
    case 'edv':
      return '/edv';
    case 'irctc':
      return '/deliverOnTrain';
    case 'favourite':
      return '/menu/bestsellers';
    case 'offers':
      return '/offers';
    default:
      return assertNever(kind);
  }
}
