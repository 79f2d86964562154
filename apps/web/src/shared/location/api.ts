import { useQuery } from '@tanstack/react-query';
import type { RemoteConfig } from '@crust/contract';
import { API_PATHS } from '@crust/contract/paths';
import { CONFIG_REFRESH_SECONDS } from '@crust/domain/constants';
import { api } from '../api/client.ts';
import type { Success } from '../api/envelope.ts';
import { keepPartnerConfig } from '../partner/mode.ts';

/** The remote config's query key, shared by every screen that reads it. */
export const CONFIG_KEY = ['config'] as const;

export async function fetchConfig(signal?: AbortSignal): Promise<RemoteConfig> {
  const config = (await api<Success<RemoteConfig>>(API_PATHS.config, { signal })).data;
  keepPartnerConfig(config);
  return config;
}

/** How often the app asks for the remote config again (SPEC §9 config refresh 180 s; the config may say otherwise). */
export const configRefreshMs = (config: RemoteConfig | undefined): number =>
  (config?.configRefreshSeconds ?? CONFIG_REFRESH_SECONDS) * 1000;

/**
 * The remote config (features, map tiles, timers). Shared key so every screen reuses one answer, asked
 * again every refresh interval while the app is open, so the chain's changes reach a customer without a reload.
 */
export function useRemoteConfig() {
  return useQuery({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => fetchConfig(signal),
    staleTime: (q) => configRefreshMs(q.state.data),
    refetchInterval: (q) => configRefreshMs(q.state.data),
  });
}

/**
 * The remote config as the app last had it, without asking for it: for the switches in headers and links, which
 * should not each start a call (the app layout keeps the config fetched and fresh); undefined until it has come.
 */
export function useKnownRemoteConfig(): RemoteConfig | undefined {
  return useQuery({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => fetchConfig(signal),
    enabled: false,
  }).data;
}
