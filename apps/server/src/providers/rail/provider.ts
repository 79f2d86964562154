/**
 * The rail provider (issue 16 §1; ARCHITECTURE.md "Providers"): a ticket's PNR → the train, the seat and the train's
 * stops with their scheduled and expected arrivals. Crust only reads it, so a call may be repeated freely.
 */
export interface RailProvider {
  /** `pnr` is already 10 digits (the caller checked it). Never throws and never hangs: a failure is an answer. */
  pnrStatus(pnr: string): Promise<PnrStatus>;
}

export type PnrStatus = { ok: true; journey: Journey } | { ok: false; reason: PnrFailure };

export type PnrFailure =
  /** the provider knows no such PNR (never booked, or flushed after the journey) */
  | 'NOT_FOUND'
  /** no usable answer: down, slow past the timeout, an error or an answer we cannot read */
  | 'UNAVAILABLE';

export interface Journey {
  pnr: string;
  train: { number: string; name: string };
  /** the day the train leaves its first station, YYYY-MM-DD in India (IST) */
  journeyDate: string;
  /** the reservation chart is prepared: coach and berth are final */
  charted: boolean;
  /** the train is cancelled */
  cancelled: boolean;
  seat: Seat;
  /** the train's stops in running order */
  stations: Station[];
}

export interface Seat {
  /** null while a waitlisted ticket has no berth (before the chart, or still WL after it) */
  coach: string | null;
  berth: string | null;
  /** the first passenger's current status as the railway writes it: CNF, RAC 14, WL 12 */
  status: string;
}

export interface Station {
  /** the railway's station code (NDLS) */
  code: string;
  name: string;
  /** ISO 8601 instants (UTC) */
  scheduledArrival: string;
  expectedArrival: string;
  haltMinutes: number;
  /** the train has left this station */
  departed: boolean;
}
