/**
 * The rail sandbox's demo tickets (docs/rail-sandbox.md "Demo PNRs"). Every time is minutes from the moment the
 * sandbox first answers the PNR, so a demo always finds the train where the story needs it. Station codes and names
 * are the railway's own; the trains run those routes, with timings shortened or stretched to fit a demo.
 */

export interface DemoStop {
  code: string;
  name: string;
  /** scheduled arrival (departure, at the first station), minutes from the anchor */
  at: number;
  haltMinutes: number;
}

export interface DemoJourney {
  pnr: string;
  trainNo: string;
  trainName: string;
  /** minutes behind schedule before any switch (a train that set off late) */
  baseDelayMinutes: number;
  cancelled: boolean;
  chartPrepared: boolean;
  /** null, null: a waitlisted ticket without a berth */
  coach: string | null;
  berth: number | null;
  bookingStatus: string;
  currentStatus: string;
  stops: readonly DemoStop[];
}

const NDLS = { code: 'NDLS', name: 'New Delhi' };
const AGC = { code: 'AGC', name: 'Agra Cantt' };
const BPL = { code: 'BPL', name: 'Bhopal Junction' };
const NGP = { code: 'NGP', name: 'Nagpur Junction' };
const BZA = { code: 'BZA', name: 'Vijayawada Junction' };
const MAS = { code: 'MAS', name: 'MGR Chennai Central' };
const HWH = { code: 'HWH', name: 'Howrah Junction' };
const CNB = { code: 'CNB', name: 'Kanpur Central' };
const CSMT = { code: 'CSMT', name: 'Mumbai CSMT' };
const PUNE = { code: 'PUNE', name: 'Pune Junction' };
const SC = { code: 'SC', name: 'Secunderabad Junction' };
const NZM = { code: 'NZM', name: 'Hazrat Nizamuddin' };
const SBC = { code: 'SBC', name: 'KSR Bengaluru City' };

const HOUR = 60;

export const DEMO_JOURNEYS: readonly DemoJourney[] = [
  {
    // on its way: three stations ahead that stores serve (BPL, NGP, MAS) and two that none does (AGC, BZA)
    pnr: '2451234567',
    trainNo: '12622',
    trainName: 'Tamil Nadu Express',
    baseDelayMinutes: 0,
    cancelled: false,
    chartPrepared: true,
    coach: 'B2',
    berth: 34,
    bookingStatus: 'CNF/B2/34/LB',
    currentStatus: 'CNF',
    stops: [
      { ...NDLS, at: -30, haltMinutes: 0 },
      { ...AGC, at: 1 * HOUR + 45, haltMinutes: 5 },
      { ...BPL, at: 3 * HOUR + 30, haltMinutes: 5 },
      { ...NGP, at: 9 * HOUR, haltMinutes: 5 },
      { ...BZA, at: 17 * HOUR, haltMinutes: 10 },
      { ...MAS, at: 24 * HOUR, haltMinutes: 0 },
    ],
  },
  {
    // running 90 minutes late: Kanpur expected in about 2 h, New Delhi in about 7 h
    pnr: '2459876543',
    trainNo: '12301',
    trainName: 'Howrah Rajdhani Express',
    baseDelayMinutes: 90,
    cancelled: false,
    chartPrepared: true,
    coach: 'A1',
    berth: 12,
    bookingStatus: 'CNF/A1/12/LB',
    currentStatus: 'CNF',
    stops: [
      { ...HWH, at: -11 * HOUR - 30, haltMinutes: 0 },
      { ...CNB, at: 30, haltMinutes: 5 },
      { ...NDLS, at: 5 * HOUR + 30, haltMinutes: 0 },
    ],
  },
  {
    // yesterday's Deccan Queen: over before the demo starts
    pnr: '2450000001',
    trainNo: '12123',
    trainName: 'Deccan Queen',
    baseDelayMinutes: 0,
    cancelled: false,
    chartPrepared: true,
    coach: 'C2',
    berth: 41,
    bookingStatus: 'CNF/C2/41/WS',
    currentStatus: 'CNF',
    stops: [
      { ...CSMT, at: -26 * HOUR, haltMinutes: 0 },
      { ...PUNE, at: -26 * HOUR + 3 * HOUR + 15, haltMinutes: 0 },
    ],
  },
  {
    // cancelled before it left: a confirmed ticket, chart never prepared
    pnr: '2450000002',
    trainNo: '12285',
    trainName: 'Secunderabad Duronto Express',
    baseDelayMinutes: 0,
    cancelled: true,
    chartPrepared: false,
    coach: 'B4',
    berth: 22,
    bookingStatus: 'CNF/B4/22/UB',
    currentStatus: 'CAN',
    stops: [
      { ...SC, at: 2 * HOUR, haltMinutes: 0 },
      { ...NGP, at: 10 * HOUR, haltMinutes: 5 },
      { ...NZM, at: 26 * HOUR, haltMinutes: 0 },
    ],
  },
  {
    // waitlisted, chart not yet prepared: no coach or berth; the train has not left its first station
    pnr: '2450000003',
    trainNo: '12628',
    trainName: 'Karnataka Express',
    baseDelayMinutes: 0,
    cancelled: false,
    chartPrepared: false,
    coach: null,
    berth: null,
    bookingStatus: 'WL 20',
    currentStatus: 'WL 12',
    stops: [
      { ...NDLS, at: 4 * HOUR, haltMinutes: 0 },
      { ...AGC, at: 7 * HOUR, haltMinutes: 5 },
      { ...BPL, at: 13 * HOUR, haltMinutes: 5 },
      { ...SBC, at: 40 * HOUR, haltMinutes: 0 },
    ],
  },
];

export const demoJourney = (pnr: string) => DEMO_JOURNEYS.find((j) => j.pnr === pnr);
export const isDemoTrain = (trainNo: string) => DEMO_JOURNEYS.some((j) => j.trainNo === trainNo);
