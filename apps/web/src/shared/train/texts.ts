import type { TrainTrack } from '@crust/contract/train-orders';
import { defineTexts } from '../i18n/index.ts';

/**
 * The words of a train order's card and of its SPEC §4 train statuses, shared by the tracker, the thank-you page
 * and the order history (each a feature of its own).
 */
export const trn = defineTexts({
  train: '{trainNo} {trainName}',
  station: '{name} ({code})',
  seat: 'Coach {coach}, Berth {berth}',
  coach: 'Coach {coach}',
  expected: 'Train expected at {time}',
  runningLate: 'Your train is running late: we now deliver at {time}',
  runningEarly: 'Your train is running early: we now deliver at {time}',
  codeNote:
    'At your coach, give our delivery person the 4-digit delivery code we sent you by SMS. Keep it to yourself until then.',
  statusPLACED: 'Placed',
  statusCONFIRMED: 'Confirmed',
  statusPREPARED: 'Prepared',
  statusOUTFORDELIVERY: 'Out for delivery',
  statusDELIVERED: 'Delivered',
  statusUNDELIVERED: 'Undelivered',
  statusCANCELLED: 'Cancelled',
});

/** SPEC §4 train order status in the passenger's words ("Out for delivery"). */
export const trainStatusName = (status: TrainTrack['status']): string => trn(`status${status}`);

/** "12622 Tamil Nadu Express · Bhopal Junction (BPL)": where a train order goes, in one line. */
export const trainLine = (t: Pick<TrainTrack, 'trainNo' | 'trainName' | 'stationName' | 'stationCode'>) =>
  `${trn('train', t)} · ${trn('station', { name: t.stationName, code: t.stationCode })}`;
