import type { StoreSettings, StoreSettingsBody } from '@crust/contract/back-office';
import { StoreSettingsBodySchema } from '@crust/contract/back-office';
import { formatClock, parseHHMM } from '@crust/domain/hours';
import { reaches, type StaffReach } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { AuditActor, AuditLog } from '../audit/log.ts';
import { storePaymentOptionsOf, switchStorePaymentOptions } from '../payments/service.ts';
import * as repo from './repo.ts';

export const STORE_SETTINGS_TEXTS = {
  notYours: 'No such store for this login.',
  stale: 'Changed by someone else. Reload to see the latest, then make your change again.',
  advanceSelf: 'A store cannot send advance orders to itself.',
  advanceElsewhere: 'Choose a store in the same city for advance orders.',
  unknownMethod: 'This store has no such way to pay.',
  noMethodLeft: 'Leave at least one way to pay switched on.',
} as const;
const T = STORE_SETTINGS_TEXTS;

/** What the settings change drops once committed, in every process (caches/share.ts). */
export interface StoreCaches {
  forgetStores(): void;
  dropPaymentOptions(storeId: number): void;
}

/**
 * A store's settings in the back office (issue 30 §4): phone, daily hours, delivery radius, the advance-order
 * store and the ways to pay switched on or off. Saved with the version it was read at (409 STALE otherwise), in
 * one transaction with its audit entry; the store list and payment options caches are dropped everywhere after.
 */
export class StoreSettingsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly caches: StoreCaches,
  ) {}

  async read(reach: StaffReach, storeId: number, db: Db = this.db): Promise<StoreSettings> {
    if (!reaches(reach, storeId)) throw httpError(404, 'NOT_FOUND', T.notYours);
    const row = await repo.storeSettingsRow(db, storeId);
    if (!row) throw httpError(404, 'NOT_FOUND', T.notYours);
    const [options, sameCity] = await Promise.all([
      storePaymentOptionsOf(db, storeId),
      repo.sameCityStores(db, row.cityId, storeId),
    ]);
    return {
      storeId: row.id,
      name: row.name,
      cityId: row.cityId,
      phone: row.phone,
      opensAt: formatClock(row.opensAt),
      closesAt: formatClock(row.closesAt),
      deliveryRadiusM: row.deliveryRadiusM,
      advanceOrderStoreId: row.advanceOrderStoreId,
      paymentOptions: options.map((o) => ({
        methodCode: o.methodCode,
        providerName: o.providerName,
        enabled: o.status === 'E',
        deliveryTypes: o.deliveryTypes,
      })),
      advanceStoreChoices: sameCity,
      version: row.version,
    };
  }

  async change(
    actor: AuditActor & { reach: StaffReach },
    storeId: number,
    input: StoreSettingsBody,
  ): Promise<StoreSettings> {
    const body = StoreSettingsBodySchema.parse(input);
    const after = await this.db.transaction(async (tx) => {
      const before = await this.read(actor.reach, storeId, tx);
      if (body.advanceOrderStoreId !== undefined && body.advanceOrderStoreId !== null) {
        if (body.advanceOrderStoreId === storeId)
          throw httpError(400, 'BAD_ADVANCE_STORE', T.advanceSelf, { field: 'body.advanceOrderStoreId' });
        if (!before.advanceStoreChoices.some((s) => s.id === body.advanceOrderStoreId))
          throw httpError(400, 'BAD_ADVANCE_STORE', T.advanceElsewhere, {
            field: 'body.advanceOrderStoreId',
          });
      }
      const saved = await repo.saveStoreSettings(tx, storeId, body.version, {
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.opensAt !== undefined ? { opensAt: parseHHMM(body.opensAt) } : {}),
        ...(body.closesAt !== undefined ? { closesAt: parseHHMM(body.closesAt) } : {}),
        ...(body.deliveryRadiusM !== undefined ? { deliveryRadiusM: body.deliveryRadiusM } : {}),
        ...(body.advanceOrderStoreId !== undefined ? { advanceOrderStoreId: body.advanceOrderStoreId } : {}),
      });
      if (!saved) throw httpError(409, 'STALE', T.stale);
      if (body.paymentOptions && body.paymentOptions.length > 0) {
        const found = await switchStorePaymentOptions(tx, storeId, body.paymentOptions);
        const missing = body.paymentOptions.find((c) => !found.includes(c.methodCode));
        if (missing)
          throw httpError(400, 'UNKNOWN_METHOD', T.unknownMethod, { field: 'body.paymentOptions' });
      }
      const now = await this.read(actor.reach, storeId, tx);
      if (!now.paymentOptions.some((o) => o.enabled))
        throw httpError(400, 'NO_METHOD_LEFT', T.noMethodLeft, { field: 'body.paymentOptions' });
      await this.audit.record(tx, actor, {
        action: 'store.settings',
        entity: 'store',
        entityId: storeId,
        storeId,
        before: withoutChoices(before),
        after: withoutChoices(now),
      });
      return now;
    });
    this.caches.forgetStores();
    this.caches.dropPaymentOptions(storeId);
    return after;
  }
}

function withoutChoices({ advanceStoreChoices: _choices, ...settings }: StoreSettings) {
  return settings;
}
