import type { IrctcBanner, PnrFailureCode, RailJourney } from '@crust/contract/rail';
import type { Result } from '../../http/errors.ts';
import { isStoreOpenAt } from '@crust/domain/store-hours';
import {
  PREPAID_BOOKING_LEAD_MINUTES,
  stationOffer,
  stationRefusalText,
  trainDeadlines,
  trainSeat,
  type TrainBooking,
} from '@crust/domain/train';
import type { Journey, RailProvider } from '../../providers/rail/provider.ts';
import type { StoreDirectory } from '../stores/service.ts';

/** The passenger's words for a PNR that gives no journey to order for (docs/api.md "PNR status"). */
export const RAIL_TEXTS = {
  bannerTitle: 'Pizza on your train',
  bannerSubtitle: (stations: number) =>
    `Order with your PNR: we bring it hot to your berth at ${stations} stations`,
  notFound: 'We could not find this PNR. Please check the number on your ticket.',
  unavailable: 'We could not reach Indian Railways just now. Please try again in a minute.',
  cancelled: 'This train is cancelled.',
  journeyOver: 'This journey is over.',
  off: 'Train delivery is not available right now.',
  otherTrain: 'This PNR is for another train. Please check your ticket.',
  notOnJourney: 'This train does not stop at that station. Please choose a station again.',
  otherStore:
    'Your cart is from another restaurant than the one serving this station. Please choose the station again.',
} as const;

const MINUTE_MS = 60_000;

/** a PNR status refusal, or (booking a train order) one of the train's own: TRAIN_MISMATCH, STATION_… */
const failure = (
  code: PnrFailureCode | `TRAIN_${string}` | `STATION_${string}`,
  displayMsg: string,
): Result<never> => ({
  ok: false,
  errors: [{ code, displayMsg }],
});

/** A station of a train order as the train stands now (the train watch's question). */
export interface StationNow {
  expectedArrival: string;
  departed: boolean;
  trainCancelled: boolean;
}

/**
 * SPEC §7 PNR status (issue 16 §1): a ticket's journey, from the rail provider, as the passenger sees it. A journey
 * nothing can be ordered for (a cancelled train, a journey over) is a FAILED with the reason, so the screen says it
 * instead of drawing a train that will never stop.
 */
export class RailService {
  /** `rail` null: train delivery is off (RAIL_PROVIDER=off) */
  constructor(
    private readonly rail: RailProvider | null,
    private readonly stores: Pick<StoreDirectory, 'railway' | 'all'>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** `pnr` is 10 digits (the contract checked it). */
  async pnrStatus(pnr: string): Promise<Result<RailJourney>> {
    if (!this.rail) return failure('TRAIN_DELIVERY_OFF', RAIL_TEXTS.off);
    const status = await this.rail.pnrStatus(pnr);
    if (!status.ok)
      return status.reason === 'NOT_FOUND'
        ? failure('PNR_NOT_FOUND', RAIL_TEXTS.notFound)
        : failure('RAIL_UNAVAILABLE', RAIL_TEXTS.unavailable);
    const { journey } = status;
    if (journey.cancelled) return failure('TRAIN_CANCELLED', RAIL_TEXTS.cancelled);
    if (journey.stations.every((s) => s.departed)) return failure('JOURNEY_OVER', RAIL_TEXTS.journeyOver);
    return { ok: true, data: await this.journeyView(journey) };
  }

  /**
   * The journey as the API shows it (SPEC §3 Railway), each station with whether a pizza can still be ordered to it
   * now (packages/domain train.ts stationOffer: an outlet open when it bakes, booking not yet closed, the train not
   * gone) — or why not.
   */
  async journeyView(journey: Journey): Promise<RailJourney> {
    const [railway, stores] = await Promise.all([this.stores.railway(), this.stores.all()]);
    const storeById = new Map(stores.map((st) => [st.id, st]));
    const openAt = (storeId: number, atMs: number) => {
      const store = storeById.get(storeId);
      return store !== undefined && store.online && isStoreOpenAt(store.hours, atMs);
    };
    const now = this.clock();
    return {
      pnr: journey.pnr,
      trainInfo: { trainNo: journey.train.number, trainName: journey.train.name },
      journeyDate: journey.journeyDate,
      charted: journey.charted,
      seatInfo: { coach: journey.seat.coach, berth: journey.seat.berth, status: journey.seat.status },
      stations: journey.stations.map((s) => {
        const offer = stationOffer(
          now,
          { code: s.code, expectedArrivalMs: Date.parse(s.expectedArrival), departed: s.departed },
          railway.outlets,
          openAt,
        );
        return {
          code: s.code,
          name: s.name,
          arrivalDateTime: s.expectedArrival,
          scheduledArrival: s.scheduledArrival,
          haltMinutes: s.haltMinutes,
          delayMinutes: Math.round(
            (Date.parse(s.expectedArrival) - Date.parse(s.scheduledArrival)) / MINUTE_MS,
          ),
          departed: s.departed,
          order: offer.ok
            ? {
                ok: true as const,
                storeId: offer.outlet.storeId,
                storeName: storeById.get(offer.outlet.storeId)?.name ?? '',
                cutoffMinutes: offer.outlet.cutoffMinutes,
                bookBy: new Date(offer.deadlines.bookBy).toISOString(),
              }
            : {
                ok: false as const,
                reason: offer.reason,
                displayMsg: stationRefusalText(offer.reason, offer.outlet),
              },
        };
      }),
    };
  }

  /**
   * Whether a train order can be booked now (issue 16 §3): the ticket's train as the passenger chose it, the station
   * on its way and still open to order for, by the restaurant the cart is from. Read from the provider afresh, as
   * the confirm must not trust what the screen saw a minute ago. Answers the booking the order keeps.
   */
  async bookable(d: {
    pnr: string;
    trainNo: string;
    stationCode: string;
    coach?: string | null | undefined;
    berth?: string | null | undefined;
    storeId: number;
  }): Promise<Result<TrainBooking>> {
    const status = await this.pnrStatus(d.pnr);
    if (!status.ok) return status;
    const journey = status.data;
    if (journey.trainInfo.trainNo !== d.trainNo) return failure('TRAIN_MISMATCH', RAIL_TEXTS.otherTrain);
    const station = journey.stations.find((s) => s.code === d.stationCode);
    if (!station) return failure('STATION_NOT_ON_JOURNEY', RAIL_TEXTS.notOnJourney);
    if (!station.order.ok) return failure('STATION_CLOSED', station.order.displayMsg);
    if (station.order.storeId !== d.storeId) return failure('STATION_OTHER_STORE', RAIL_TEXTS.otherStore);
    const arrival = Date.parse(station.arrivalDateTime);
    const { cutoffMinutes } = station.order;
    // payment and cancellation follow the cut-off alone (prepaid-only moves only the booking, already checked)
    const deadlines = trainDeadlines(arrival, { cutoffMinutes, prepaidOnly: true });
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      ok: true,
      data: {
        pnr: journey.pnr,
        trainNo: journey.trainInfo.trainNo,
        trainName: journey.trainInfo.trainName,
        stationCode: station.code,
        stationName: station.name,
        // a charted ticket's seat, whatever the request says; the passenger's only before charting
        ...trainSeat({ charted: journey.charted, ...journey.seatInfo }, d),
        expectedArrival: station.arrivalDateTime,
        bookedArrival: station.arrivalDateTime,
        bookBy: station.order.bookBy,
        payBy: iso(deadlines.payBy),
        cancelBy: iso(deadlines.cancelBy),
      },
    };
  }

  /** SPEC §7 irctc banner: the stations a restaurant serves, each with how long before the train orders close. */
  async banner(): Promise<IrctcBanner> {
    const railway = await this.stores.railway();
    const served = new Map<string, number>();
    for (const o of railway.outlets) {
      const ahead = o.cutoffMinutes + (o.prepaidOnly ? PREPAID_BOOKING_LEAD_MINUTES : 0);
      served.set(o.stationCode, Math.min(served.get(o.stationCode) ?? ahead, ahead));
    }
    const stations = [...served]
      .map(([code, orderAheadMinutes]) => ({
        code,
        name: railway.stations.get(code)?.name ?? code,
        orderAheadMinutes,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return {
      title: RAIL_TEXTS.bannerTitle,
      subtitle: RAIL_TEXTS.bannerSubtitle(stations.length),
      available: this.rail !== null,
      stations,
    };
  }

  /**
   * Where the PNR's train stands now against a station of its journey: the expected arrival (ISO), whether it has
   * left, whether the train is cancelled. Null when the provider cannot say or the station is not on the journey.
   */
  async stationNow(pnr: string, stationCode: string): Promise<StationNow | null> {
    if (!this.rail) return null;
    const status = await this.rail.pnrStatus(pnr);
    if (!status.ok) return null;
    const station = status.journey.stations.find((s) => s.code === stationCode);
    return station
      ? {
          expectedArrival: station.expectedArrival,
          departed: station.departed,
          trainCancelled: status.journey.cancelled,
        }
      : null;
  }
}
