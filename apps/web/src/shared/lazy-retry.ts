import { LAZY_LOAD_ATTEMPTS, LAZY_LOAD_INTERVAL_MS } from '@crust/domain/constants';

/** SPEC §8: a lazy screen load retries 5 times, 1000 ms apart (a flaky network must not break navigation). */
export async function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= LAZY_LOAD_ATTEMPTS; attempt++) {
    try {
      return await load();
    } catch (e) {
      lastError = e;
      if (attempt < LAZY_LOAD_ATTEMPTS) await new Promise((r) => setTimeout(r, LAZY_LOAD_INTERVAL_MS));
    }
  }
  throw lastError;
}
