import { followTrain, trainOf, TRAIN_ORDER_TEXTS, type TrainBooking } from '@crust/domain/train';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { OrderEvents } from './events.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import * as repo from './repo.ts';

/** Train orders re-read per pass; the rest wait for the next pass (oldest promise first). */
const WATCH_BATCH = 200;

/** A station of a train order as its train stands now. */
export interface StationNow {
  /** ISO */
  expectedArrival: string;
  departed: boolean;
  trainCancelled: boolean;
}

/** What the watch reads of the railway (the rail module's face): the order's station now, or null. */
export interface TrainTimes {
  stationNow(pnr: string, stationCode: string): Promise<StationNow | null>;
}

export interface WatchPass {
  /** orders whose promise moved with their train */
  moved: number;
  /** orders ended UNDELIVERED (their train left the station, or was cancelled): refunded */
  undelivered: number;
}

/**
 * Issue 16 §3: a train order follows its train. Every pass re-reads the journey of each train order on its way (one
 * provider call per PNR and station): while the train comes, every deadline of its booking (and a placed order's
 * promised time) moves to the station's expected arrival now, later or earlier, and its tracker is told; an unpaid
 * order's too (issue 28), so its payment cut-off is the train's now; once the train has left the station
 * (or is cancelled) with the pizza not handed over, the order ends UNDELIVERED and its money goes back. Runs in
 * every process: each change is conditional on what the pass saw, so however many passes run at once it happens
 * once.
 */
export class TrainWatch {
  constructor(
    private readonly db: Db,
    private readonly trains: TrainTimes,
    private readonly events: OrderEvents,
    private readonly lifecycle: Pick<OrderLifecycle, 'end'>,
  ) {}

  async pass(): Promise<WatchPass> {
    const active = await repo.activeTrainOrders(this.db, WATCH_BATCH);
    const asked = new Map<string, Promise<StationNow | null>>();
    const done: WatchPass = { moved: 0, undelivered: 0 };
    for (const order of active) {
      const train = trainOf(order.snapshot);
      if (!train) continue;
      const key = `${train.pnr}/${train.stationCode}`;
      let station = asked.get(key);
      if (!station) {
        station = this.trains.stationNow(train.pnr, train.stationCode);
        asked.set(key, station);
      }
      const now = await station;
      // the provider did not answer, or the station is gone from the journey: leave the order as it was
      if (now === null) continue;
      const placed = order.status === 'placed';
      if (now.departed || now.trainCancelled) {
        // an unpaid order is left to its payment, which comes after the cut-off now and is refused
        if (placed && (await this.undeliver(order, train, now))) done.undelivered++;
        continue;
      }
      const arrival = Date.parse(now.expectedArrival);
      const behind =
        arrival !== Date.parse(train.expectedArrival) ||
        (order.promisedAt !== null && arrival !== order.promisedAt.getTime());
      if (behind && (await this.follow(order, train, now.expectedArrival))) done.moved++;
    }
    return done;
  }

  /** The order's booking (and a placed order's promise) moves to the train's arrival now: later or earlier. */
  private async follow(order: repo.OrderRow, train: TrainBooking, arrival: string): Promise<boolean> {
    return this.events.transaction(this.db, async (tx, raise) => {
      const seen = { promisedAt: order.promisedAt, expectedArrival: train.expectedArrival };
      const moved = await repo.moveTrainPromise(tx, order.id, seen, followTrain(train, arrival));
      // only a placed order has a tracker to tell
      if (moved?.status === 'placed') await raise({ kind: 'promise_moved', order: moved });
      return moved !== undefined;
    });
  }

  private async undeliver(order: repo.OrderRow, train: TrainBooking, now: StationNow): Promise<boolean> {
    try {
      await this.lifecycle.end(order, {
        stage: 'UNDELIVERED',
        reason: now.trainCancelled
          ? TRAIN_ORDER_TEXTS.trainCancelled
          : TRAIN_ORDER_TEXTS.undelivered(train.stationName),
        staffId: null,
      });
      return true;
    } catch (err) {
      // handed over, cancelled or ended by another pass since this one read it
      if (err instanceof HttpError && err.statusCode === 409) return false;
      throw err;
    }
  }
}
