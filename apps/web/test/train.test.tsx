import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RailJourney } from '@crust/contract/rail';
import DeliverOnTrainScreen from '../src/features/train/DeliverOnTrainScreen.tsx';
import IrctcStationScreen from '../src/features/train/IrctcStationScreen.tsx';
import { startSession } from '../src/shared/api/session.ts';
import { getLocationState, resetLocationState } from '../src/shared/state/location-store.ts';
import { forgetTrip, readTrip } from '../src/shared/train/trip.ts';
import { failed, mockServer, success } from './cart-fixtures.tsx';
import { currentPath, renderRoutes } from './location-harness.tsx';

const SCREENS = { '/deliverOnTrain': DeliverOnTrainScreen, '/irctcStation': IrctcStationScreen };

const station = (o: Partial<RailJourney['stations'][number]>): RailJourney['stations'][number] => ({
  code: 'BPL',
  name: 'Bhopal Junction',
  arrivalDateTime: '2026-11-27T09:00:00.000Z',
  scheduledArrival: '2026-11-27T09:00:00.000Z',
  haltMinutes: 5,
  delayMinutes: 0,
  departed: false,
  order: { ok: false, reason: 'NO_OUTLET', displayMsg: 'No Crust restaurant serves this station.' },
  ...o,
});

const JOURNEY: RailJourney = {
  pnr: '2451234567',
  trainInfo: { trainNo: '12622', trainName: 'Tamil Nadu Express' },
  journeyDate: '2026-11-27',
  charted: true,
  seatInfo: { coach: 'B2', berth: '34', status: 'CNF' },
  stations: [
    station({ code: 'NDLS', name: 'New Delhi', departed: true }),
    station({ code: 'AGC', name: 'Agra Cantt' }),
    station({
      delayMinutes: 90,
      order: {
        ok: true,
        storeId: 5101,
        storeName: 'Crust Hamidia Road',
        cutoffMinutes: 30,
        bookBy: '2026-11-27T08:15:00.000Z',
      },
    }),
    station({
      code: 'NGP',
      name: 'Nagpur Junction',
      order: {
        ok: false,
        reason: 'TOO_LATE',
        displayMsg: 'Orders close 45 minutes before the train arrives.',
      },
    }),
  ],
};

beforeEach(async () => {
  await startSession();
  resetLocationState();
  forgetTrip();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/deliverOnTrain', () => {
  it('asks for a 10-digit PNR with SPEC §5’s text, then opens its journey', async () => {
    mockServer();
    const { router } = renderRoutes('/deliverOnTrain', SCREENS);
    const field = screen.getByLabelText('PNR number');
    fireEvent.change(field, { target: { value: '24512' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my train' }));
    expect(await screen.findByText('Valid PNR Number is Mandatory')).toBeTruthy();
    expect(currentPath(router)).toBe('/deliverOnTrain');
    fireEvent.change(field, { target: { value: '2451234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my train' }));
    await waitFor(() => expect(currentPath(router)).toBe('/irctcStation?pnr=2451234567'));
  });

  it('lists the stations a restaurant serves (SPEC §7 irctc banner), or says train delivery is off', async () => {
    const banner = (available: boolean) => ({
      title: 'Pizza on your train',
      subtitle: 'Order with your PNR',
      available,
      stations: [
        { code: 'BPL', name: 'Bhopal Junction', orderAheadMinutes: 45 },
        { code: 'CNB', name: 'Kanpur Central', orderAheadMinutes: 45 },
      ],
    });
    mockServer({ 'GET /api/v1/irctc/banner': () => success(banner(true)) });
    const first = renderRoutes('/deliverOnTrain', SCREENS);
    const list = await screen.findByRole('region', { name: 'Stations we deliver to' });
    expect(within(list).getByText('Bhopal Junction')).toBeTruthy();
    expect(within(list).getAllByText('Order 45 min before arrival')).toHaveLength(2);
    first.unmount();
    mockServer({ 'GET /api/v1/irctc/banner': () => success(banner(false)) });
    renderRoutes('/deliverOnTrain', SCREENS);
    expect(await screen.findByText('Train delivery is not available right now.')).toBeTruthy();
  });
});

describe('/irctcStation', () => {
  it('shows the train, the seat and the stations ahead, each open with its restaurant or closed with why', async () => {
    const server = mockServer({ 'GET /api/v1/irctc/pnr-status': () => success(JOURNEY) });
    renderRoutes('/irctcStation?pnr=2451234567', SCREENS);
    expect(await screen.findByRole('heading', { name: '12622 Tamil Nadu Express' })).toBeTruthy();
    // a charted ticket's seat, read-only
    const coach = screen.getByLabelText<HTMLInputElement>('Coach');
    expect(coach.value).toBe('B2');
    expect(coach.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Berth').readOnly).toBe(true);
    expect(server.find('GET', /pnr-status/)[0]!.url).toContain('pnr=2451234567');
    // the station the train left is not listed
    expect(screen.queryByRole('listitem', { name: 'New Delhi' })).toBeNull();
    const agra = screen.getByRole('listitem', { name: 'Agra Cantt' });
    expect(within(agra).getByText('No Crust restaurant serves this station.')).toBeTruthy();
    const nagpur = screen.getByRole('listitem', { name: 'Nagpur Junction' });
    expect(within(nagpur).getByText('Orders close 45 minutes before the train arrives.')).toBeTruthy();
    const bhopal = screen.getByRole('listitem', { name: 'Bhopal Junction' });
    expect(within(bhopal).getByText('Running 1 h 30 min late')).toBeTruthy();
    expect(within(bhopal).getByText(/Crust Hamidia Road/)).toBeTruthy();
  });

  it('choosing a station makes its restaurant the store of a train order, keeps the trip and opens the menu', async () => {
    mockServer({ 'GET /api/v1/irctc/pnr-status': () => success(JOURNEY) });
    const { router } = renderRoutes('/irctcStation?pnr=2451234567', SCREENS);
    fireEvent.click(await screen.findByRole('button', { name: 'Order to Bhopal Junction' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
    expect(getLocationState()).toMatchObject({ deliveryType: 'IRCTC', store: { id: 5101 } });
    expect(readTrip()).toMatchObject({
      pnr: '2451234567',
      stationCode: 'BPL',
      coach: 'B2',
      berth: '34',
      storeId: 5101,
    });
  });

  it('a charted seat cannot be typed over: the trip keeps the ticket’s', async () => {
    mockServer({ 'GET /api/v1/irctc/pnr-status': () => success(JOURNEY) });
    const { router } = renderRoutes('/irctcStation?pnr=2451234567', SCREENS);
    const coach = await screen.findByLabelText<HTMLInputElement>('Coach');
    fireEvent.change(coach, { target: { value: 'S9' } });
    fireEvent.change(screen.getByLabelText('Berth'), { target: { value: '72' } });
    expect(screen.getByText('From the railway’s chart: we bring your pizza to this seat.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Order to Bhopal Junction' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
    expect(readTrip()).toMatchObject({ coach: 'B2', berth: '34' });
  });

  it('before charting the passenger types or corrects the seat, and the trip keeps it', async () => {
    const notCharted: RailJourney = {
      ...JOURNEY,
      charted: false,
      seatInfo: { coach: null, berth: null, status: 'WL 12' },
    };
    mockServer({ 'GET /api/v1/irctc/pnr-status': () => success(notCharted) });
    const { router } = renderRoutes('/irctcStation?pnr=2451234567', SCREENS);
    const coach = await screen.findByLabelText<HTMLInputElement>('Coach');
    expect(coach.readOnly).toBe(false);
    expect(coach.value).toBe('');
    fireEvent.change(coach, { target: { value: 's9' } });
    fireEvent.change(screen.getByLabelText('Berth'), { target: { value: '72' } });
    fireEvent.click(screen.getByRole('button', { name: 'Order to Bhopal Junction' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
    expect(readTrip()).toMatchObject({ coach: 'S9', berth: '72' });
  });

  it('says what the railway answered for a PNR it does not know, with a way back', async () => {
    mockServer({
      'GET /api/v1/irctc/pnr-status': () =>
        failed('PNR_NOT_FOUND', 'We could not find this PNR. Please check the number on your ticket.'),
    });
    const { router } = renderRoutes('/irctcStation?pnr=2459999999', SCREENS);
    expect(
      await screen.findByText('We could not find this PNR. Please check the number on your ticket.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Check another PNR' }));
    expect(currentPath(router)).toBe('/deliverOnTrain');
  });
});
