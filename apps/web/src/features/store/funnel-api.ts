/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy back-office chunk only, see console-api.ts */
import {
  FunnelResponseSchema,
  TrackingSwitchResponseSchema,
  type FunnelReport,
} from '@crust/contract/analytics';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { call } from './console-api.ts';

/** The chain admin's funnel over IST days from–to (docs/analytics.md). */
export async function fetchFunnel(from: string, to: string, signal?: AbortSignal): Promise<FunnelReport> {
  const q = new URLSearchParams({ from, to });
  return (await call(`${CONSOLE_PATHS.analyticsFunnel}?${q.toString()}`, FunnelResponseSchema, { signal }))
    .data;
}

/** Turns user-activity tracking on or off (the remote config's userActivityTracking). */
export async function setTracking(on: boolean): Promise<boolean> {
  return (
    await call(CONSOLE_PATHS.analyticsTracking, TrackingSwitchResponseSchema, { method: 'PUT', body: { on } })
  ).data.tracking;
}
