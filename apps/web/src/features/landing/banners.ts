import type { RemoteConfig } from '@crust/contract';
import { assertNever } from '@crust/domain/delivery-types';
import { paths } from '../../app/paths.ts';

export type BannerKind = RemoteConfig['banners'][number]['kind'];

/** SPEC §2 Banner routing. */
export function bannerPath(kind: BannerKind): string {
  switch (kind) {
    case 'hygiene':
      return paths.notification();
    case 'edv':
      return paths.edv();
    case 'irctc':
      return paths.deliverOnTrain();
    case 'favourite':
      return paths.menu({ slug: 'bestsellers' });
    case 'offers':
      return paths.offers();
    default:
      return assertNever(kind);
  }
}
