import { useQuery } from '@tanstack/react-query';
import type { GameData, SpinResult } from '@crust/contract/game';
import { API_PATHS } from '@crust/contract/paths';
import { api } from '../../shared/api/client.ts';
import type { Outcome } from '../../shared/api/envelope.ts';
import { gameKeys } from '../../shared/game/keys.ts';
import { dataOf } from '../../shared/loyalty/api.ts';

/** SPEC §7 game data: the wheel, its odds and rules, the caller's spins. */
export function useGameData(loggedIn: boolean) {
  return useQuery({
    queryKey: gameKeys.data(loggedIn),
    queryFn: async ({ signal }) => dataOf(await api<Outcome<GameData>>(API_PATHS.gameData, { signal })),
    staleTime: 0,
  });
}

/** SPEC §7 spin the wheel: the server draws; a refusal (ALREADY_SPUN, SPIN_EXPIRED …) comes as an ApiError. */
export async function spinTheWheel(orderId: string): Promise<SpinResult> {
  return dataOf(await api<Outcome<SpinResult>>(API_PATHS.gameSpin, { method: 'POST', body: { orderId } }));
}
