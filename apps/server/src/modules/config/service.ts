import { RemoteConfigSchema, type RemoteConfig } from '@crust/contract/config';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import { DEFAULT_REMOTE_CONFIG } from './defaults.ts';
import { mergeRemoteFields, readConfigValue } from './repo.ts';

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

  /** SPEC §7's switch of user-activity tracking, as the config says now. */
  async trackingOn(): Promise<boolean> {
    return (await this.current()).userActivityTracking;
  }

  /** Turns user-activity tracking on or off in the stored config, in the caller's transaction; answers what it was. */
  async setTracking(tx: Db, on: boolean): Promise<boolean> {
    const before = RemoteConfigSchema.partial().safeParse(
      await mergeRemoteFields(tx, { userActivityTracking: on }),
    );
    return (
      (before.success ? before.data.userActivityTracking : undefined) ??
      DEFAULT_REMOTE_CONFIG.userActivityTracking
    );
  }
}
