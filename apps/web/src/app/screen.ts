import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { importWithRetry } from '../shared/lazy-retry.ts';

type ScreenModule = { default: ComponentType };

/** One route: its pattern (config/paths.ts) and the screen it shows. */
export type RouteDef = { path: string; Screen: LazyExoticComponent<ComponentType> };

/** Each screen is its own chunk, fetched with SPEC §8's retries. */
export const screen = (load: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> =>
  lazy(() => importWithRetry(load));
