import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/**
 * `bytes` random bytes from the system's CSPRNG as upper-case hex. Taken from a pool filled 4 KB at a time, as
 * Node's own randomUUID does: a `randomBytes` call per id was ~1 % of a cart call's server CPU
 * (docs/performance.md). Each process fills its own pool (cluster workers are started, not forked).
 */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} bytes at a time`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes).toUpperCase();
  // spent bytes are overwritten so no later caller can read them back
  pool.fill(0, used, used + bytes);
  used += bytes;
  return hex;
}

/** An id of `prefix` and `bytes` random bytes in upper-case hex: C… carts, I… cart lines, F… feedback. */
export function randomId(prefix: string, bytes = 12): string {
  return prefix + randomHex(bytes);
}
