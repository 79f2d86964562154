import type { FastifyInstance } from 'fastify';
import type { RedisPlace } from '../config/app-config.ts';
import type { MenuCache } from '../modules/menu/service.ts';
import type { PromotionBook } from '../modules/offers/service.ts';
import type { PaymentOptionsService } from '../modules/payments/service.ts';
import type { FamilyGuard } from '../modules/session/guard.ts';
import type { StoreDirectory } from '../modules/stores/service.ts';
import type { CacheChange } from './changes.ts';
import { RedisCacheChanges } from './redis-changes.ts';

interface SharedCaches {
  menus: MenuCache;
  paymentOptions: PaymentOptionsService;
  stores: StoreDirectory;
  offers: PromotionBook;
  families: FamilyGuard;
}

/**
 * Makes the caches' own "this is stale" calls reach every process (decision 012). The call sites stay as they
 * are (the store console's stock and online switches, logout): each still drops its copy here at once, and
 * the change also goes out through Redis; what comes back, from any process, drops the copy through the
 * original method, which does not send it again. Without REDIS_URL there is one process and nothing to do.
 */
export async function shareCacheChanges(
  app: FastifyInstance,
  place: RedisPlace | null,
  caches: SharedCaches,
): Promise<void> {
  if (!place) return;
  const changes = await RedisCacheChanges.connect(place, app.log);
  app.addHook('onClose', () => changes.close());
  const { menus, paymentOptions, stores, offers, families } = caches;
  const dropMenu = menus.invalidate.bind(menus);
  const dropPaymentOptions = paymentOptions.invalidate.bind(paymentOptions);
  const dropStores = stores.forget.bind(stores);
  const dropOffers = offers.invalidate.bind(offers);
  const revokeFamily = families.markRevoked.bind(families);
  menus.invalidate = (storeId) => {
    dropMenu(storeId);
    changes.publish({ cache: 'menu', storeId });
  };
  paymentOptions.invalidate = (storeId) => {
    dropPaymentOptions(storeId);
    changes.publish({ cache: 'paymentOptions', storeId });
  };
  stores.forget = () => {
    dropStores();
    changes.publish({ cache: 'stores' });
  };
  offers.invalidate = () => {
    dropOffers();
    changes.publish({ cache: 'offers' });
  };
  families.markRevoked = (familyId) => {
    revokeFamily(familyId);
    changes.publish({ cache: 'family', familyId });
  };
  changes.subscribe((change: CacheChange) => {
    if (change.cache === 'menu') dropMenu(change.storeId);
    else if (change.cache === 'paymentOptions') dropPaymentOptions(change.storeId);
    else if (change.cache === 'stores') dropStores();
    else if (change.cache === 'offers') dropOffers();
    else revokeFamily(change.familyId);
  });
}
