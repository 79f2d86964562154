import { trainOf } from '@crust/domain/train';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/** Train orders re-read per pass; the rest wait for the next pass (oldest promise first). */
const WATCH_BATCH = 200;

/** What the watch reads of the railway (the rail module's face): a station's expected arrival now, or null. */
export interface TrainTimes {
  expectedArrival(pnr: string, stationCode: string): Promise<string | null>;
}

/**
 * Issue 16 §3: the promise of a train order follows its train. Every pass re-reads the journey of each train order
 * on its way (one provider call per PNR) and moves the order's promised time, which the tracker shows, to the
 * station's expected arrival now. Runs in every process; each move is conditional on the promise it saw.
 */
export class TrainWatch {
  constructor(
    private readonly db: Db,
    private readonly trains: TrainTimes,
  ) {}

  /** Answers how many orders' promises moved. */
  async pass(): Promise<number> {
    const active = await repo.activeTrainOrders(this.db, WATCH_BATCH);
    const arrivals = new Map<string, Promise<string | null>>();
    let moved = 0;
    for (const order of active) {
      const train = trainOf(order.snapshot);
      if (!train) continue;
      const key = `${train.pnr}/${train.stationCode}`;
      let arrival = arrivals.get(key);
      if (!arrival) {
        arrival = this.trains.expectedArrival(train.pnr, train.stationCode);
        arrivals.set(key, arrival);
      }
      const now = await arrival;
      // the provider did not answer, or the station is gone from the journey: keep the promise as it was
      if (now === null || Date.parse(now) === order.promisedAt?.getTime()) continue;
      if (await repo.moveTrainPromise(this.db, order.id, order.promisedAt, now)) moved++;
    }
    return moved;
  }
}
