/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy back-office chunk only, see console-api.ts */
import {
  GameAdminResponseSchema,
  PrizeTableResponseSchema,
  type GameAdmin,
  type PrizeTable,
  type SavePrizeTableBody,
} from '@crust/contract/game';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import { call } from './console-api.ts';

/** The Game view's calls (issue 33 §1, docs/game.md): spins and prizes by day, and the prize table. */
export async function fetchGameAdmin(from: string, to: string, signal?: AbortSignal): Promise<GameAdmin> {
  const q = new URLSearchParams({ from, to });
  return (await call(`${CONSOLE_PATHS.gameAdmin}?${q.toString()}`, GameAdminResponseSchema, { signal })).data;
}

export async function savePrizeTable(body: SavePrizeTableBody): Promise<PrizeTable> {
  return (await call(CONSOLE_PATHS.gamePrizeTable, PrizeTableResponseSchema, { method: 'PUT', body })).data;
}
