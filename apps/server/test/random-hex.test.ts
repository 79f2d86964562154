import { describe, expect, it } from 'vitest';
import { randomHex, randomId } from '../src/crypto/random-hex.ts';

describe('random ids from the pool', () => {
  it('gives the asked number of bytes as upper-case hex, with the prefix', () => {
    expect(randomHex(6)).toMatch(/^[0-9A-F]{12}$/);
    expect(randomId('C', 10)).toMatch(/^C[0-9A-F]{20}$/);
    expect(randomId('RT')).toMatch(/^RT[0-9A-F]{24}$/);
  });

  it('never repeats across many refills of the pool', () => {
    // 20,000 ids of 6 bytes cross the 4 KB pool ~29 times; 48 random bits make a repeat here ~1e-6 likely
    const ids = Array.from({ length: 20_000 }, () => randomHex(6));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is not a counter or a constant: every hex digit turns up in every position', () => {
    const ids = Array.from({ length: 2_000 }, () => randomHex(4));
    for (let position = 0; position < 8; position++)
      expect(new Set(ids.map((id) => id[position])).size).toBe(16);
  });

  it('refuses more than a pool at once', () => {
    expect(() => randomHex(4097)).toThrow(RangeError);
  });
});
