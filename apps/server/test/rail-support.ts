import { API_PATHS } from '@crust/contract/paths';
import type { RailJourney } from '@crust/contract/rail';
import { expect } from 'vitest';
import { json } from './helpers.ts';
import type { GatewayTestApp } from './pg-support.ts';

const MINUTE_MS = 60_000;

/** The rail sandbox's switches (docs/rail-sandbox.md). */
export function railSwitches(t: () => GatewayTestApp) {
  const post = async (url: string, payload: object = {}) => {
    const res = await t().app.inject({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  return {
    reset: () => post('/sandbox/rail/reset'),
    modes: (change: { fail?: 'error' | 'garbled' | null; slowSeconds?: number }) =>
      post('/sandbox/rail/modes', change),
    delay: (trainNo: string, minutes: number) => post(`/sandbox/rail/trains/${trainNo}/delay`, { minutes }),
  };
}

/** PNR status as a session asks for it. */
export function pnrClient(t: () => GatewayTestApp, headers: () => Record<string, string>) {
  return {
    post: (payload: unknown) =>
      t().app.inject({
        method: 'POST',
        url: API_PATHS.pnrStatus,
        payload: payload as object,
        headers: headers(),
      }),
    get: (query: string) =>
      t().app.inject({ method: 'GET', url: `${API_PATHS.pnrStatus}?${query}`, headers: headers() }),
  };
}

/** A SUCCESS answer's journey. */
export function journeyOf(res: { statusCode: number; body: string }): RailJourney {
  expect(res.statusCode, res.body).toBe(200);
  const body = json<{ status: string; data: RailJourney }>(res);
  expect(body.status, res.body).toBe('SUCCESS');
  return body.data;
}

/** Each station's scheduled and expected arrival as minutes from `anchorMs`, with its delay and whether left. */
export function timetable(journey: RailJourney, anchorMs: number) {
  return journey.stations.map((s) => ({
    code: s.code,
    scheduled: (Date.parse(s.scheduledArrival) - anchorMs) / MINUTE_MS,
    expected: (Date.parse(s.arrivalDateTime) - anchorMs) / MINUTE_MS,
    delay: s.delayMinutes,
    halt: s.haltMinutes,
    departed: s.departed,
  }));
}
