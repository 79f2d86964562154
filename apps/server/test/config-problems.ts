import { ConfigError, loadConfig } from '../src/config/app-config.ts';

/** The problems a start with this environment would be refused for ([] when it would start). */
export function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}
