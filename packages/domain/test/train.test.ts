import { describe, expect, it } from 'vitest';
import {
  isValidCutoff,
  isValidPnr,
  stationOffer,
  stationRefusalText,
  trainDeadlines,
  type StationOutlet,
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
