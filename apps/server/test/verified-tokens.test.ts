import { describe, expect, it } from 'vitest';
import { ACCESS_AUDIENCE, signAccessToken, type AccessClaims } from '../src/http/session-tokens.ts';
import { VerifiedTokens } from '../src/http/verified-tokens.ts';

const SECRET = 'a-test-secret-of-enough-length-000000';
const claims = (sub: string, exp: number): AccessClaims => ({
  sub,
  kind: 'guest',
  ak: `AK${sub}`,
  fam: `F${sub}`,
  exp,
  aud: ACCESS_AUDIENCE,
});

describe('verified tokens', () => {
  it('keeps a token that verified and answers it again without a second check', () => {
    const tokens = new VerifiedTokens(SECRET);
    const token = signAccessToken(claims('G1', 1000), SECRET);
    expect(tokens.verify(token, 10)?.sub).toBe('G1');
    expect(tokens.size).toBe(1);
    expect(tokens.verify(token, 11)).toBe(tokens.verify(token, 12));
    expect(tokens.size).toBe(1);
  });

  it.each([
    ['signed with another secret', signAccessToken(claims('G2', 1000), 'another-secret-000000000000000000')],
    ['altered after signing', signAccessToken(claims('G3', 1000), SECRET).replace(/.$/, 'x')],
    ['malformed', 'v2.nonsense'],
    ['expired when first seen', signAccessToken(claims('G4', 5), SECRET)],
  ])('refuses a token %s and keeps nothing', (_, token) => {
    const tokens = new VerifiedTokens(SECRET);
    expect(tokens.verify(token, 10)).toBeNull();
    expect(tokens.size).toBe(0);
  });

  it('refuses an altered copy of a kept token', () => {
    const tokens = new VerifiedTokens(SECRET);
    const token = signAccessToken(claims('G5', 1000), SECRET);
    expect(tokens.verify(token, 10)).not.toBeNull();
    const [v, body, mac] = token.split('.');
    const forged = `${v}.${Buffer.from(JSON.stringify(claims('U9', 1000))).toString('base64url')}.${mac}`;
    expect(body).not.toBe(forged.split('.')[1]);
    expect(tokens.verify(forged, 10)).toBeNull();
  });

  it('still expires a kept token', () => {
    const tokens = new VerifiedTokens(SECRET);
    const token = signAccessToken(claims('G6', 100), SECRET);
    expect(tokens.verify(token, 99)).not.toBeNull();
    expect(tokens.verify(token, 100)).toBeNull();
    expect(tokens.size).toBe(0);
  });

  it('keeps at most its capacity, dropping the longest kept', () => {
    const tokens = new VerifiedTokens(SECRET, 2);
    const [a, b, c] = ['G7', 'G8', 'G9'].map((sub) => signAccessToken(claims(sub, 1000), SECRET));
    for (const t of [a!, b!, c!]) tokens.verify(t, 10);
    expect(tokens.size).toBe(2);
    // the first is checked in full again and still good
    expect(tokens.verify(a!, 10)?.sub).toBe('G7');
    expect(tokens.size).toBe(2);
  });
});
