/**
 * Delivery to a train seat (issue 16; SPEC §3 Railway, §4 train order statuses, §5 "Valid PNR Number is
 * Mandatory"). The hard part is time: the train moves, and each outlet needs its own lead time to bake and carry a
 * pizza to the platform before the train halts there. Public e-catering rules are the anchor: an outlet's cut-off is
 * 15–105 minutes; booking closes at the cut-off before the train's expected arrival (15 minutes earlier for a
 * prepaid-only outlet, so the payment can go through); the payment must have succeeded 5 minutes before the
 * cut-off and a passenger may cancel until 10 minutes before it. Every deadline follows the expected arrival, so a
 * train running late moves them all.
 */

/** SPEC §5 Train. */
export const TRAIN_MESSAGES = {
  pnrMandatory: 'Valid PNR Number is Mandatory',
} as const;

/** A PNR is the ticket's 10-digit Passenger Name Record number. */
export const isValidPnr = (value: string): boolean => /^\d{10}$/.test(value);

/** The cut-off an outlet may declare, minutes before the train's expected arrival. */
export const TRAIN_CUTOFF_MINUTES = { min: 15, max: 105 } as const;

const MINUTE = 60_000;
/** a prepaid-only outlet closes booking this much earlier, so the payment can go through */
export const PREPAID_BOOKING_LEAD_MINUTES = 15;
/** the payment must have succeeded this long before the cut-off */
export const PAYMENT_BEFORE_CUTOFF_MINUTES = 5;
/** a passenger may cancel until this long before the cut-off */
export const CANCEL_BEFORE_CUTOFF_MINUTES = 10;

/** A store serving a railway station (SPEC §3 Store storeStationDetails for train orders). */
export interface StationOutlet {
  storeId: number;
  stationCode: string;
  /** minutes before the train's expected arrival by which the kitchen must have the order (15–105) */
  cutoffMinutes: number;
  /** the outlet takes only orders paid online */
  prepaidOnly: boolean;
}

export const isValidCutoff = (minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= TRAIN_CUTOFF_MINUTES.min && minutes <= TRAIN_CUTOFF_MINUTES.max;

export interface TrainDeadlines {
  /** the kitchen's cut-off: expected arrival − cutoffMinutes */
  cutoffAt: number;
  /** the last moment an order can be placed (confirmed) */
  bookBy: number;
  /** the last moment its payment may succeed; a later success is refunded, never placed */
  payBy: number;
  /** the last moment the passenger may cancel */
  cancelBy: number;
}

/** Every deadline of an order for a train expected at the station at `expectedArrivalMs` (epoch ms). */
export function trainDeadlines(
  expectedArrivalMs: number,
  outlet: Pick<StationOutlet, 'cutoffMinutes' | 'prepaidOnly'>,
): TrainDeadlines {
  const cutoffAt = expectedArrivalMs - outlet.cutoffMinutes * MINUTE;
  return {
    cutoffAt,
    bookBy: cutoffAt - (outlet.prepaidOnly ? PREPAID_BOOKING_LEAD_MINUTES * MINUTE : 0),
    payBy: cutoffAt - PAYMENT_BEFORE_CUTOFF_MINUTES * MINUTE,
    cancelBy: cutoffAt - CANCEL_BEFORE_CUTOFF_MINUTES * MINUTE,
  };
}

/** A stop of the journey as the rail provider reports it. */
export interface TrainStop {
  code: string;
  expectedArrivalMs: number;
  /** the train has left this station */
  departed: boolean;
}

/** Why a station on the way cannot be ordered for (the web says so beside it). */
export type StationRefusal =
  /** the train has already left it */
  | 'DEPARTED'
  /** no Crust restaurant serves it */
  | 'NO_OUTLET'
  /** its restaurant's booking cut-off has passed for this train */
  | 'TOO_LATE'
  /** its restaurant is closed (or offline) when it would bake for this train */
  | 'CLOSED';

export type StationOffer =
  | { ok: true; outlet: StationOutlet; deadlines: TrainDeadlines }
  | { ok: false; reason: StationRefusal; outlet: StationOutlet | null };

/**
 * Whether a station ahead can still be ordered for at `nowMs`: an outlet serves it and the order can still be
 * booked (so made, paid and carried to the platform) before the train's expected arrival. Of several outlets, the
 * one whose booking closes last is offered.
 */
export function stationOffer(
  nowMs: number,
  stop: TrainStop,
  outlets: readonly StationOutlet[],
  /** whether a store is open and online at a moment; every outlet is by default */
  openAt: (storeId: number, atMs: number) => boolean = () => true,
): StationOffer {
  if (stop.departed || stop.expectedArrivalMs <= nowMs)
    return { ok: false, reason: 'DEPARTED', outlet: null };
  const serving = outlets.filter((o) => o.stationCode === stop.code);
  if (serving.length === 0) return { ok: false, reason: 'NO_OUTLET', outlet: null };
  const ranked = serving
    .map((outlet) => ({ outlet, deadlines: trainDeadlines(stop.expectedArrivalMs, outlet) }))
    .sort((a, b) => b.deadlines.bookBy - a.deadlines.bookBy || a.outlet.storeId - b.outlet.storeId);
  // it bakes from the moment the order comes in until its cut-off: it must be open then
  const open = ranked.filter((r) => openAt(r.outlet.storeId, r.deadlines.cutoffAt));
  const best = open[0];
  if (!best) return { ok: false, reason: 'CLOSED', outlet: ranked[0]!.outlet };
  return nowMs <= best.deadlines.bookBy
    ? { ok: true, outlet: best.outlet, deadlines: best.deadlines }
    : { ok: false, reason: 'TOO_LATE', outlet: best.outlet };
}

/** The customer's words for a station that cannot be ordered for. */
export function stationRefusalText(reason: StationRefusal, outlet: StationOutlet | null): string {
  switch (reason) {
    case 'DEPARTED':
      return 'The train has left this station.';
    case 'NO_OUTLET':
      return 'No Crust restaurant serves this station.';
    case 'CLOSED':
      return 'Our restaurant here is closed when your train arrives.';
    case 'TOO_LATE':
      return outlet
        ? `Orders close ${outlet.cutoffMinutes + (outlet.prepaidOnly ? PREPAID_BOOKING_LEAD_MINUTES : 0)} minutes before the train arrives.`
        : 'Orders for this station have closed.';
    default: {
      const never: never = reason;
      throw new Error(`unknown station refusal ${String(never)}`);
    }
  }
}

/** SPEC §4 train order history statuses. */
export const TRAIN_ORDER_STATUSES = {
  PLACED: 0,
  CONFIRMED: 1,
  PREPARED: 2,
  OUTFORDELIVERY: 3,
  DELIVERED: 4,
  UNDELIVERED: 5,
  CANCELLED: 6,
} as const;
export type TrainOrderStatus = keyof typeof TRAIN_ORDER_STATUSES;

/** A train order's details as the order keeps them (its snapshot): what the store console and the tracker show. */
export interface TrainBooking {
  pnr: string;
  trainNo: string;
  trainName: string;
  stationCode: string;
  stationName: string;
  coach: string | null;
  berth: string | null;
  /** the train's expected arrival at the station now (ISO): the promised time, moving with the train */
  expectedArrival: string;
  /** the expected arrival when the passenger ordered (ISO); absent on orders made before it was kept */
  bookedArrival?: string;
  /** the deadlines of that arrival (ISO) */
  bookBy: string;
  payBy: string;
  cancelBy: string;
}

/** Where a train order goes, in one line: "Coach B2, Berth 34 · 12622 Tamil Nadu Express at Bhopal Junction (BPL)". */
export function trainDeliverTo(
  b: Pick<TrainBooking, 'coach' | 'berth' | 'trainNo' | 'trainName' | 'stationName' | 'stationCode'>,
): string {
  const seat = [b.coach ? `Coach ${b.coach}` : null, b.berth ? `Berth ${b.berth}` : null]
    .filter(Boolean)
    .join(', ');
  const train = `${b.trainNo} ${b.trainName} at ${b.stationName} (${b.stationCode})`;
  return seat ? `${seat} · ${train}` : train;
}

/** The train booking an order's snapshot holds, if it is a train order. */
export function trainOf(snapshot: unknown): TrainBooking | null {
  const t = (snapshot as { train?: TrainBooking } | null)?.train;
  return t && typeof t.expectedArrival === 'string' ? t : null;
}

/** What a train order's life tells the passenger and the store (issue 16 §3). */
export const TRAIN_ORDER_TEXTS = {
  payLate:
    'Your payment came after the restaurant’s cut-off for this train, so the order was not placed. Your money is being refunded.',
  /** the cut-off passed before anything was taken (an e-voucher, a gift card): nothing to refund */
  payClosed:
    'The restaurant’s cut-off for this train has passed, so the order was not placed. Nothing was charged.',
  undelivered: (stationName: string) =>
    `Your train left ${stationName} before we could hand over your order. Your money is being refunded.`,
  trainCancelled:
    'Your train was cancelled, so we could not deliver your order. Your money is being refunded.',
  cancelled: 'Cancelled by the passenger.',
  notTrainCart: 'This cart is not for a train order.',
  cancelClosed:
    'This order can no longer be cancelled: the restaurant is already preparing it for your train.',
  cancelFinished: 'This order is already finished and cannot be cancelled.',
  codeRequired: 'Enter the delivery code the passenger received by SMS.',
  codeWrong: 'That delivery code is not right. Ask the passenger for the code in their SMS.',
  codeLocked: 'Too many wrong delivery codes for this order. Call the passenger on the number on the slip.',
  codeMissing:
    'The passenger has no delivery code yet. Ask them to tap “Send my delivery code again” on their order tracker.',
  resendCode: 'Send my delivery code again',
} as const;

/** The stage a train order has reached, as far as its status needs it. */
export interface TrainOrderProgress {
  /** the payment side of the order */
  status: 'PAYMENT_PENDING' | 'PLACED' | 'FAILED' | 'CANCELLED';
  /** the store side; null until it has the order */
  stage: string | null;
}

/** SPEC §4 train order status of an order. A failed payment never became an order for the train: CANCELLED. */
export function trainOrderStatus(order: TrainOrderProgress): TrainOrderStatus {
  switch (order.stage) {
    case 'BEING_BAKED':
      return 'PREPARED';
    case 'DISPATCHED':
      return 'OUTFORDELIVERY';
    case 'DELIVERED':
      return 'DELIVERED';
    case 'UNDELIVERED':
      return 'UNDELIVERED';
    case 'CANCELLED':
      return 'CANCELLED';
    default:
      break;
  }
  if (order.status === 'FAILED' || order.status === 'CANCELLED') return 'CANCELLED';
  return order.status === 'PLACED' && order.stage === 'CONFIRMED' ? 'CONFIRMED' : 'PLACED';
}

/**
 * Whether the passenger may still cancel at `nowMs`: until the cancellation cut-off, and only while the restaurant
 * has not sent it out (a dispatched pizza is on the platform).
 */
export function passengerMayCancel(
  booking: Pick<TrainBooking, 'cancelBy'>,
  order: TrainOrderProgress,
  nowMs: number,
): boolean {
  if (order.status !== 'PLACED') return false;
  if (order.stage !== 'CONFIRMED' && order.stage !== 'BEING_BAKED') return false;
  return nowMs <= Date.parse(booking.cancelBy);
}

/** The booking after its train's expected arrival moved to `arrival` (ISO): every deadline moves with it. */
export function followTrain(booking: TrainBooking, arrival: string): TrainBooking {
  const shift = Date.parse(arrival) - Date.parse(booking.expectedArrival);
  const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
  return {
    ...booking,
    expectedArrival: new Date(Date.parse(arrival)).toISOString(),
    bookBy: moved(booking.bookBy),
    payBy: moved(booking.payBy),
    cancelBy: moved(booking.cancelBy),
  };
}

/** A payment learnt of at `nowMs` came too late for the train: refunded, never placed. */
export const paidTooLate = (booking: Pick<TrainBooking, 'payBy'>, nowMs: number): boolean =>
  nowMs > Date.parse(booking.payBy);

/**
 * Why an order (by its snapshot) may not be placed by money taken at `nowMs`: a train order past its payment
 * cut-off. The one check every way to pay asks (a gateway capture, an e-voucher's PIN, a gift card's OTP, cash, the
 * Paytm wallet, a partner's sheet) at the moment the money is taken or the order placed.
 */
export function trainPayRefusal(snapshot: unknown, nowMs: number): 'TRAIN_PAY_LATE' | null {
  const train = trainOf(snapshot);
  return train && paidTooLate(train, nowMs) ? 'TRAIN_PAY_LATE' : null;
}

/** A ticket's seat as the rail provider answers it. */
export interface TicketSeat {
  /** the railway has prepared the chart: the coach and berth are final */
  charted: boolean;
  coach: string | null;
  berth: string | null;
}

/**
 * The seat a train order is brought to. A charted ticket's seat is the railway's record of where the passenger
 * sits, so it is used whatever the request says (a seat typed before charting, or a wrong one, is ignored). Before
 * charting the seat may still change, so the passenger's own (typed or corrected) is taken, the ticket's otherwise.
 * A charted ticket without a berth (RAC, waitlisted) has nothing to contradict: the passenger's is taken then too.
 */
export function trainSeat(
  ticket: TicketSeat,
  asked: { coach?: string | null | undefined; berth?: string | null | undefined },
): { coach: string | null; berth: string | null } {
  if (ticket.charted && ticket.coach && ticket.berth) return { coach: ticket.coach, berth: ticket.berth };
  const coach = asked.coach?.trim().toUpperCase() || null;
  const berth = asked.berth?.trim() || null;
  return { coach: coach ?? ticket.coach, berth: berth ?? ticket.berth };
}

/** Delivery codes a rider may get wrong before the order's code is locked. */
export const DELIVERY_CODE_ATTEMPTS = 5;
/** The passenger's delivery code: four digits, as e-catering riders ask for them. */
export const isDeliveryCode = (value: string): boolean => /^\d{4}$/.test(value);
