import { TRAIN_MESSAGES } from '@crust/domain/train';
import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of /deliverOnTrain and /irctcStation (SPEC §5 Train gives the PNR message). */
export const tt = defineTexts({
  title: 'Pizza on your train',
  intro:
    'Enter the PNR on your ticket. We will show the stations ahead where we can bring your pizza to your seat.',
  pnrLabel: 'PNR number',
  pnrHint: 'The 10-digit number on your ticket',
  pnrMandatory: TRAIN_MESSAGES.pnrMandatory,
  find: 'Find my train',
  finding: 'Finding your train…',
  how: 'How it works',
  how1: 'Pick a station ahead where the train halts.',
  how2: 'Order and pay online before the station’s order time closes.',
  how3: 'We hand the pizza over at your coach when the train halts; tell us the code we text you.',
  stationsTitle: 'Stations ahead',
  servedTitle: 'Stations we deliver to',
  servedAhead: 'Order {minutes} min before arrival',
  unavailable: 'Train delivery is not available right now.',
  journeyDate: 'Journey on {date}',
  seat: 'Coach {coach} · Berth {berth}',
  seatStatus: 'Ticket: {status}',
  notCharted: 'The chart is not prepared yet: your coach and berth may still change.',
  onTime: 'On time',
  late: 'Running {delay} late',
  early: 'Running {delay} early',
  expected: 'Expected {time}',
  halt: 'Halts {minutes} min',
  orderBy: 'Order by {time} · {store}',
  orderHere: 'Order to {station}',
  anotherPnr: 'Check another PNR',
  retry: 'Try again',
  noStation: 'No station ahead can be ordered for now.',
});
