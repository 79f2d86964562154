import type { AvailabilityBody, StoreAvailability } from '@crust/contract/menu-admin';
import { AvailabilityBodySchema } from '@crust/contract/menu-admin';
import { mayChangeAvailability, reaches, type StaffReach, type StaffRole } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { AuditActor, AuditLog } from '../audit/log.ts';
import { CONSOLE_TEXTS } from '../staff/texts.ts';
import type { MenuPublishing } from './admin.ts';
import * as repo from './repo.ts';
import { CATALOGUE_TEXTS as T } from './texts.ts';

/** Who switches a product on or off at a store: the login, its role and the stores it reaches. */
export type AvailabilitySetter = AuditActor & { role: StaffRole; reach: StaffReach };

const stale = () => httpError(409, 'STALE', T.stale);

/**
 * Per-store availability (issue 30 §2; docs/back-office.md "Menu screens"): whether a store sells a product at
 * all (`store_product_overrides.available`; a store with no row of its own sells it). The chain admin anywhere, a
 * regional manager the stores of their cities (the route checks `prices`; a store manager allowed store prices is
 * still refused here). A store outside the login's reach answers the same 404 as one that does not exist. A save
 * names the version it read (none for a store without its own setting): 409 STALE otherwise. The store's menu is
 * composed again in the save's transaction, with its change-log entry, and every process's copy dropped after.
 */
export class StoreAvailabilities {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly publishing: MenuPublishing,
  ) {}

  async list(caller: AvailabilitySetter, productCode: string): Promise<StoreAvailability[]> {
    this.checkRole(caller);
    await this.product(this.db, productCode);
    const rows = await repo.storesWithOverride(
      this.db,
      productCode,
      caller.reach === 'chain' ? 'all' : caller.reach,
    );
    return rows.map(viewOf);
  }

  async set(
    caller: AvailabilitySetter,
    productCode: string,
    storeId: number,
    input: AvailabilityBody,
  ): Promise<StoreAvailability> {
    const body = AvailabilityBodySchema.parse(input);
    this.checkRole(caller);
    if (!reaches(caller.reach, storeId) || !(await repo.storeCity(this.db, storeId)))
      throw httpError(404, 'NOT_FOUND', T.unknownStore);
    const result = await this.db.transaction(async (tx) => {
      const product = await this.product(tx, productCode);
      if (product.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      const before = await repo.overrideOf(tx, storeId, productCode);
      const row =
        body.version === undefined
          ? before
            ? undefined
            : await repo.insertAvailability(tx, storeId, productCode, body.available)
          : await repo.updateAvailability(tx, storeId, productCode, body.version, body.available);
      if (!row) throw stale();
      const [after] = await repo.storesWithOverride(tx, productCode, [storeId]);
      await this.audit.record(tx, caller, {
        action: 'product.availability',
        entity: 'product',
        entityId: productCode,
        storeId,
        before: { available: before?.available ?? true },
        after: { available: row.available },
      });
      await this.publishing.rebuild(tx, [storeId]);
      return viewOf(after!);
    });
    // after the commit: a copy cached in between would hold the old menu
    this.publishing.drop([storeId]);
    return result;
  }

  private checkRole(caller: AvailabilitySetter): void {
    if (!mayChangeAvailability(caller.role))
      throw httpError(403, 'ROLE_NOT_ALLOWED', CONSOLE_TEXTS.roleNotAllowed);
  }

  private async product(db: Db, code: string) {
    const row = await repo.productByCode(db, code);
    if (!row) throw httpError(404, 'NOT_FOUND', T.noProduct);
    return row;
  }
}

function viewOf(r: Awaited<ReturnType<typeof repo.storesWithOverride>>[number]): StoreAvailability {
  return {
    storeId: r.storeId,
    storeName: r.storeName,
    cityId: r.cityId,
    cityName: r.cityName,
    available: r.available ?? true,
    inStock: r.inStock ?? true,
    version: r.version,
  };
}
