import { RemoteConfigSchema, type RemoteConfig } from '@crust/contract/config';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import { DEFAULT_REMOTE_CONFIG } from './defaults.ts';
import { readConfigValue } from './repo.ts';

/** Defaults, then the stored overrides (fields that fail the schema are ignored), then the environment. */
export async function remoteConfig(db: Db, config: AppConfig): Promise<RemoteConfig> {
  const stored = await readConfigValue(db, 'remote');
  const partial = RemoteConfigSchema.partial().safeParse(stored ?? {});
  const merged = { ...DEFAULT_REMOTE_CONFIG, ...(partial.success ? partial.data : {}) };
  return { ...merged, mapTileUrl: config.mapTileUrl ?? merged.mapTileUrl };
}

/** The remote config as the app reads it now. */
export class RemoteConfigService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  current(): Promise<RemoteConfig> {
    return remoteConfig(this.db, this.config);
  }
}
