import type { StoreSettings, StoreSettingsBody } from '@crust/contract/back-office';
import { StoreSettingsBodySchema } from '@crust/contract/back-office';
import type { ApiError } from '@crust/contract/common';
import { polygonProblem, type PolygonProblem } from '@crust/domain/delivery-area';
import {
  dayHoursOfText,
  dayHoursToText,
  exceptionDateProblem,
  istDateOf,
  weekProblem,
} from '@crust/domain/store-hours';
import { reaches, type StaffReach } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { HttpError, httpError } from '../../http/errors.ts';
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
  neverOpen: 'Open the store on at least one day of the week.',
  pastDate: 'This date has passed: choose today or a later date.',
  farDate: 'Choose a date within a year from today.',
  notADate: 'Enter a date that exists.',
  duplicateDate: 'This date already has its own hours. Remove them first to change them.',
  noSuchException: 'This date has no holiday or special hours to remove.',
  polygonTooFew: 'Draw the delivery area with at least 3 points.',
  polygonTooMany: 'Use at most 100 points for the delivery area.',
  polygonBadPoint: 'This point is not on the map.',
  polygonTooFar: 'Keep every point within 15 km of the store.',
  polygonNotSimple: 'The area’s edges cross or overlap: move the points so they do not.',
  polygonStoreOutside: 'The delivery area must contain the store itself.',
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
    private readonly clock: () => number = Date.now,
  ) {}

  async read(reach: StaffReach, storeId: number, db: Db = this.db): Promise<StoreSettings> {
    if (!reaches(reach, storeId)) throw httpError(404, 'NOT_FOUND', T.notYours);
    const row = await repo.storeSettingsRow(db, storeId);
    if (!row) throw httpError(404, 'NOT_FOUND', T.notYours);
    const [options, sameCity, exceptions] = await Promise.all([
      storePaymentOptionsOf(db, storeId),
      repo.sameCityStores(db, row.cityId, storeId),
      repo.listHoursExceptions(db, istDateOf(this.clock()), storeId),
    ]);
    return {
      storeId: row.id,
      name: row.name,
      cityId: row.cityId,
      phone: row.phone,
      latitude: row.latitude,
      longitude: row.longitude,
      week: row.week.map(dayHoursToText),
      exceptions: exceptions.map(({ storeId: _store, ...e }) => ({ ...e, hours: dayHoursToText(e.hours) })),
      deliveryRadiusM: row.deliveryRadiusM,
      deliveryPolygon: row.deliveryPolygon,
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
      const problems = [
        ...this.hoursProblems(body, before),
        ...polygonProblems(body.deliveryPolygon, before),
      ];
      if (problems.length > 0) throw new HttpError(400, problems);
      const saved = await repo.saveStoreSettings(tx, storeId, body.version, {
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.week !== undefined ? { week: body.week.map(dayHoursOfText) } : {}),
        ...(body.deliveryRadiusM !== undefined ? { deliveryRadiusM: body.deliveryRadiusM } : {}),
        ...(body.deliveryPolygon !== undefined ? { deliveryPolygon: body.deliveryPolygon } : {}),
        ...(body.advanceOrderStoreId !== undefined ? { advanceOrderStoreId: body.advanceOrderStoreId } : {}),
      });
      if (!saved) throw httpError(409, 'STALE', T.stale);
      await repo.removeHoursExceptions(tx, storeId, body.removeExceptions ?? []);
      await repo.addHoursExceptions(
        tx,
        storeId,
        (body.addExceptions ?? []).map((e) => ({
          date: e.date,
          hours: dayHoursOfText(e.hours),
          note: e.note,
        })),
      );
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

  /** The week and the exceptions' field errors: checked before anything is saved. */
  private hoursProblems(body: StoreSettingsBodyParsed, before: StoreSettings): ApiError[] {
    const out: ApiError[] = [];
    if (body.week && weekProblem(body.week.map(dayHoursOfText)) === 'NEVER_OPEN')
      out.push({ code: 'NEVER_OPEN', displayMsg: T.neverOpen, field: 'body.week' });
    const removed = new Set<string>();
    (body.removeExceptions ?? []).forEach((date, i) => {
      if (!before.exceptions.some((e) => e.date === date))
        out.push({
          code: 'NO_SUCH_EXCEPTION',
          displayMsg: T.noSuchException,
          field: `body.removeExceptions.${i}`,
        });
      removed.add(date);
    });
    const now = this.clock();
    const taken = new Set(before.exceptions.map((e) => e.date).filter((d) => !removed.has(d)));
    (body.addExceptions ?? []).forEach((e, i) => {
      const field = `body.addExceptions.${i}.date`;
      const problem = exceptionDateProblem(e.date, now);
      if (problem !== null) {
        const displayMsg = { PAST: T.pastDate, TOO_FAR: T.farDate, NOT_A_DATE: T.notADate }[problem];
        out.push({ code: problem === 'PAST' ? 'DATE_PASSED' : 'BAD_DATE', displayMsg, field });
      } else if (taken.has(e.date)) {
        out.push({ code: 'DUPLICATE_DATE', displayMsg: T.duplicateDate, field });
      }
      taken.add(e.date);
    });
    return out;
  }
}

const POLYGON_TEXTS: Record<PolygonProblem['problem'], string> = {
  TOO_FEW: T.polygonTooFew,
  TOO_MANY: T.polygonTooMany,
  BAD_POINT: T.polygonBadPoint,
  TOO_FAR: T.polygonTooFar,
  NOT_SIMPLE: T.polygonNotSimple,
  STORE_OUTSIDE: T.polygonStoreOutside,
};

/** A delivery polygon that cannot be the store's area (delivery-area.ts polygonProblem), on its field. */
function polygonProblems(
  polygon: StoreSettingsBodyParsed['deliveryPolygon'],
  store: Pick<StoreSettings, 'latitude' | 'longitude'>,
): ApiError[] {
  if (!polygon) return [];
  const found = polygonProblem(polygon, store);
  if (!found) return [];
  const field = 'index' in found ? `body.deliveryPolygon.${found.index}` : 'body.deliveryPolygon';
  return [{ code: `POLYGON_${found.problem}`, displayMsg: POLYGON_TEXTS[found.problem], field }];
}

type StoreSettingsBodyParsed = ReturnType<typeof StoreSettingsBodySchema.parse>;

function withoutChoices({ advanceStoreChoices: _choices, ...settings }: StoreSettings) {
  return settings;
}
