import { describe, expect, it } from 'vitest';
import {
  isValidCutoff,
  isValidPnr,
  stationOffer,
  stationRefusalText,
  trainDeadlines,
  followTrain,
  isDeliveryCode,
  paidTooLate,
  passengerMayCancel,
  trainOrderStatus,
  trainPayRefusal,
  trainSeat,
  TRAIN_ORDER_STATUSES,
  type StationOutlet,
  type TrainBooking,
  type TrainOrderProgress,
  type TrainOrderStatus,
  type TrainStop,
} from '../src/train.ts';

const M = 60_000;
const ARRIVAL = Date.UTC(2026, 10, 27, 9, 0); // 14:30 IST at the station

const outlet = (o: Partial<StationOutlet> = {}): StationOutlet => ({
  storeId: 1001,
  stationCode: 'NDLS',
  cutoffMinutes: 45,
  prepaidOnly: true,
  ...o,
});

describe('PNR', () => {
  it.each<[string, boolean]>([
    ['2451234567', true],
    ['0000000000', true],
    ['245123456', false],
    ['24512345678', false],
    ['245123456a', false],
    [' 2451234567', false],
    ['', false],
  ])('%j → %s', (pnr, ok) => expect(isValidPnr(pnr)).toBe(ok));
});

describe('cut-off minutes an outlet may declare', () => {
  it.each<[number, boolean]>([
    [14, false],
    [15, true],
    [60, true],
    [105, true],
    [106, false],
    [30.5, false],
  ])('%d → %s', (m, ok) => expect(isValidCutoff(m)).toBe(ok));
});

describe('deadlines follow the expected arrival', () => {
  it.each<[string, Partial<StationOutlet>, { cutoff: number; book: number; pay: number; cancel: number }]>([
    // minutes before the arrival
    ['prepaid-only, 45 min', {}, { cutoff: 45, book: 60, pay: 50, cancel: 55 }],
    ['cash allowed, 45 min', { prepaidOnly: false }, { cutoff: 45, book: 45, pay: 50, cancel: 55 }],
    ['prepaid-only, shortest cut-off', { cutoffMinutes: 15 }, { cutoff: 15, book: 30, pay: 20, cancel: 25 }],
    [
      'prepaid-only, longest cut-off',
      { cutoffMinutes: 105 },
      { cutoff: 105, book: 120, pay: 110, cancel: 115 },
    ],
  ])('%s', (_, o, before) => {
    expect(trainDeadlines(ARRIVAL, outlet(o))).toEqual({
      cutoffAt: ARRIVAL - before.cutoff * M,
      bookBy: ARRIVAL - before.book * M,
      payBy: ARRIVAL - before.pay * M,
      cancelBy: ARRIVAL - before.cancel * M,
    });
  });

  it('a train 90 minutes late moves every deadline by 90 minutes', () => {
    const onTime = trainDeadlines(ARRIVAL, outlet());
    const late = trainDeadlines(ARRIVAL + 90 * M, outlet());
    for (const key of ['cutoffAt', 'bookBy', 'payBy', 'cancelBy'] as const)
      expect(late[key] - onTime[key]).toBe(90 * M);
  });
});

describe('which stations ahead can be ordered for', () => {
  const stop = (o: Partial<TrainStop> = {}): TrainStop => ({
    code: 'NDLS',
    expectedArrivalMs: ARRIVAL,
    departed: false,
    ...o,
  });
  const at = (minutesBeforeArrival: number) => ARRIVAL - minutesBeforeArrival * M;

  it.each<[string, number, TrainStop, StationOutlet[], string]>([
    ['well ahead', 180, stop(), [outlet()], 'ok'],
    ['a minute before booking closes (60 min before)', 61, stop(), [outlet()], 'ok'],
    ['the minute booking closes', 60, stop(), [outlet()], 'ok'],
    ['a minute after booking closed', 59, stop(), [outlet()], 'TOO_LATE'],
    ['cash-allowed outlet: a minute before its cut-off', 46, stop(), [outlet({ prepaidOnly: false })], 'ok'],
    ['cash-allowed outlet: a minute after', 44, stop(), [outlet({ prepaidOnly: false })], 'TOO_LATE'],
    ['a station no outlet serves', 180, stop({ code: 'AGC' }), [outlet()], 'NO_OUTLET'],
    ['the train has left it', 180, stop({ departed: true }), [outlet()], 'DEPARTED'],
    ['its expected arrival is past', -1, stop(), [outlet()], 'DEPARTED'],
  ])('%s', (_, minutesBefore, s, outlets, expected) => {
    const offer = stationOffer(at(minutesBefore), s, outlets);
    expect(offer.ok ? 'ok' : offer.reason).toBe(expected);
  });

  it('a train running late opens a station that had closed', () => {
    const now = at(50); // booking closed 10 minutes ago for the train on time
    expect(stationOffer(now, stop(), [outlet()]).ok).toBe(false);
    expect(stationOffer(now, stop({ expectedArrivalMs: ARRIVAL + 30 * M }), [outlet()]).ok).toBe(true);
  });

  it('of two outlets at a station, the one whose booking closes last is offered', () => {
    const slow = outlet({ storeId: 1001, cutoffMinutes: 90 });
    const quick = outlet({ storeId: 1002, cutoffMinutes: 30 });
    const offer = stationOffer(at(100), stop(), [slow, quick]);
    expect(offer.ok && offer.outlet.storeId).toBe(1002);
    expect(stationOffer(at(40), stop(), [slow, quick])).toMatchObject({ ok: false, reason: 'TOO_LATE' });
  });

  it('a restaurant closed when it would bake is not offered; an open one at the same station is', () => {
    const closedOne = (storeId: number) => storeId !== 1001;
    const a = outlet({ storeId: 1001, cutoffMinutes: 30 });
    const b = outlet({ storeId: 1002, cutoffMinutes: 90 });
    expect(stationOffer(at(180), stop(), [a], () => false)).toMatchObject({ ok: false, reason: 'CLOSED' });
    const offer = stationOffer(at(180), stop(), [a, b], (id) => !closedOne(id));
    expect(offer.ok && offer.outlet.storeId).toBe(1001);
  });

  it('says why in the customer’s words', () => {
    expect(stationRefusalText('TOO_LATE', outlet())).toBe(
      'Orders close 60 minutes before the train arrives.',
    );
    expect(stationRefusalText('TOO_LATE', outlet({ prepaidOnly: false }))).toBe(
      'Orders close 45 minutes before the train arrives.',
    );
    expect(stationRefusalText('NO_OUTLET', null)).toBe('No Crust restaurant serves this station.');
    expect(stationRefusalText('DEPARTED', null)).toBe('The train has left this station.');
    expect(stationRefusalText('CLOSED', outlet())).toBe(
      'Our restaurant here is closed when your train arrives.',
    );
  });
});

describe('a train order’s life', () => {
  const booking: TrainBooking = {
    pnr: '2451234567',
    trainNo: '12622',
    trainName: 'Tamil Nadu Express',
    stationCode: 'BPL',
    stationName: 'Bhopal Junction',
    coach: 'B2',
    berth: '34',
    expectedArrival: new Date(ARRIVAL).toISOString(),
    ...(Object.fromEntries(
      Object.entries(trainDeadlines(ARRIVAL, outlet({ cutoffMinutes: 30 })))
        .filter(([k]) => k !== 'cutoffAt')
        .map(([k, v]) => [k, new Date(v).toISOString()]),
    ) as Pick<TrainBooking, 'bookBy' | 'payBy' | 'cancelBy'>),
  };
  const cancelBy = ARRIVAL - 40 * M;
  const payBy = ARRIVAL - 35 * M;

  it.each<[string, TrainOrderProgress, TrainOrderStatus]>([
    ['waiting for its payment', { status: 'PAYMENT_PENDING', stage: null }, 'PLACED'],
    ['placed, with the store', { status: 'PLACED', stage: 'CONFIRMED' }, 'CONFIRMED'],
    ['baking', { status: 'PLACED', stage: 'BEING_BAKED' }, 'PREPARED'],
    ['on its way to the platform', { status: 'PLACED', stage: 'DISPATCHED' }, 'OUTFORDELIVERY'],
    ['handed over', { status: 'PLACED', stage: 'DELIVERED' }, 'DELIVERED'],
    ['the train left first', { status: 'CANCELLED', stage: 'UNDELIVERED' }, 'UNDELIVERED'],
    ['cancelled', { status: 'CANCELLED', stage: 'CANCELLED' }, 'CANCELLED'],
    ['its payment failed', { status: 'FAILED', stage: null }, 'CANCELLED'],
  ])('SPEC §4 status: %s → %s', (_, progress, status) => {
    expect(trainOrderStatus(progress)).toBe(status);
  });

  it('the status codes are SPEC §4’s', () => {
    expect(TRAIN_ORDER_STATUSES).toEqual({
      PLACED: 0,
      CONFIRMED: 1,
      PREPARED: 2,
      OUTFORDELIVERY: 3,
      DELIVERED: 4,
      UNDELIVERED: 5,
      CANCELLED: 6,
    });
  });

  it.each<[string, TrainOrderProgress, number, boolean]>([
    [
      'a minute before the cancellation cut-off',
      { status: 'PLACED', stage: 'CONFIRMED' },
      cancelBy - M,
      true,
    ],
    ['at it', { status: 'PLACED', stage: 'BEING_BAKED' }, cancelBy, true],
    ['a minute after it', { status: 'PLACED', stage: 'CONFIRMED' }, cancelBy + M, false],
    ['dispatched, in time', { status: 'PLACED', stage: 'DISPATCHED' }, cancelBy - M, false],
    ['not paid yet', { status: 'PAYMENT_PENDING', stage: null }, cancelBy - M, false],
    ['already cancelled', { status: 'CANCELLED', stage: 'CANCELLED' }, cancelBy - M, false],
  ])('the passenger may cancel %s: %s', (_, progress, now, allowed) => {
    expect(passengerMayCancel(booking, progress, now)).toBe(allowed);
  });

  it.each<[string, number, boolean]>([
    ['a minute before the payment cut-off', payBy - M, false],
    ['at it', payBy, false],
    ['a minute after it', payBy + M, true],
  ])('a payment learnt of %s is too late: %s', (_, now, late) => {
    expect(paidTooLate(booking, now)).toBe(late);
  });

  it('every deadline follows the train: an hour late moves them all by an hour', () => {
    const late = followTrain(booking, new Date(ARRIVAL + 60 * M).toISOString());
    expect(late.expectedArrival).toBe(new Date(ARRIVAL + 60 * M).toISOString());
    expect(Date.parse(late.cancelBy)).toBe(cancelBy + 60 * M);
    expect(Date.parse(late.payBy)).toBe(payBy + 60 * M);
    expect(Date.parse(late.bookBy) - Date.parse(booking.bookBy)).toBe(60 * M);
    expect(passengerMayCancel(booking, { status: 'PLACED', stage: 'CONFIRMED' }, cancelBy + M)).toBe(false);
    expect(passengerMayCancel(late, { status: 'PLACED', stage: 'CONFIRMED' }, cancelBy + M)).toBe(true);
  });

  it.each<[string, number, number, boolean]>([
    ['an hour late, a minute before the moved cut-off', 60, 60 - 1, false],
    ['an hour late, a minute after the moved cut-off', 60, 60 + 1, true],
    ['an hour late, a minute after the old cut-off', 60, 1, false],
    ['30 minutes caught up, a minute before the moved cut-off', -30, -30 - 1, false],
    ['30 minutes caught up, a minute after the moved cut-off', -30, -30 + 1, true],
    ['30 minutes caught up, a minute before the old cut-off', -30, -1, true],
  ])(
    'the payment cut-off follows the train: %s (too late: %s)',
    (_, movedMinutes, minutesAfterOldPayBy, late) => {
      const moved = followTrain(booking, new Date(ARRIVAL + movedMinutes * M).toISOString());
      expect(Date.parse(moved.expectedArrival)).toBe(ARRIVAL + movedMinutes * M);
      for (const key of ['bookBy', 'payBy', 'cancelBy'] as const)
        expect(Date.parse(moved[key]) - Date.parse(booking[key])).toBe(movedMinutes * M);
      expect(paidTooLate(moved, payBy + minutesAfterOldPayBy * M)).toBe(late);
    },
  );

  it.each<[string, unknown, number, 'TRAIN_PAY_LATE' | null]>([
    ['a train order a minute before its payment cut-off', { train: booking }, payBy - M, null],
    ['a train order a minute after it', { train: booking }, payBy + M, 'TRAIN_PAY_LATE'],
    ['any other order, however late', { lines: [] }, payBy + 600 * M, null],
    ['an order without a snapshot', null, payBy + M, null],
  ])('every way to pay asks one question: %s → %s', (_, snapshot, now, refusal) => {
    expect(trainPayRefusal(snapshot, now)).toBe(refusal);
  });

  it.each<
    [
      string,
      { charted: boolean; coach: string | null; berth: string | null },
      { coach?: string | null; berth?: string | null },
      { coach: string | null; berth: string | null },
    ]
  >([
    [
      'charted: the ticket’s seat over a typed one',
      { charted: true, coach: 'B2', berth: '34' },
      { coach: 'S9', berth: '72' },
      { coach: 'B2', berth: '34' },
    ],
    ['charted, nothing typed', { charted: true, coach: 'B2', berth: '34' }, {}, { coach: 'B2', berth: '34' }],
    [
      'not charted: the passenger’s seat',
      { charted: false, coach: 'B1', berth: '10' },
      { coach: ' s9 ', berth: ' 72 ' },
      { coach: 'S9', berth: '72' },
    ],
    [
      'not charted, nothing typed: the ticket’s',
      { charted: false, coach: null, berth: null },
      { coach: '', berth: null },
      { coach: null, berth: null },
    ],
    [
      'charted without a berth (RAC): the passenger’s',
      { charted: true, coach: null, berth: null },
      { coach: 'S4', berth: '17' },
      { coach: 'S4', berth: '17' },
    ],
  ])('the seat brought to: %s', (_, ticket, asked, seat) => {
    expect(trainSeat(ticket, asked)).toEqual(seat);
  });

  it.each<[string, boolean]>([
    ['4821', true],
    ['0000', true],
    ['482', false],
    ['48210', false],
    ['48a1', false],
  ])('delivery code %s: %s', (code, ok) => {
    expect(isDeliveryCode(code)).toBe(ok);
  });
});
