import { describe, expect, it } from 'vitest';
import { gatewayVerdict, type GatewayAttemptStatus } from '../src/gateway-verdict.ts';

const of = (...statuses: GatewayAttemptStatus[]) => statuses.map((status) => ({ status }));

describe('gatewayVerdict', () => {
  it.each([
    ['a capture wins over everything', of('failed', 'created', 'captured'), 10, 'captured'],
    ['an authorisation is a success', of('failed', 'authorized'), 10, 'authorised'],
    ['a capture counts after the timeout too', of('captured'), 500, 'captured'],
    ['a waiting attempt waits', of('failed', 'created'), 119, null],
    ['a waiting attempt past the timeout times out', of('created'), 120, 'timed_out'],
    ['only failures decline', of('failed', 'failed'), 5, 'declined'],
    ['no attempt yet waits', of(), 30, null],
    ['no attempt by the timeout expires', of(), 121, 'expired'],
  ])('%s', (_name, attempts, age, expected) => {
    expect(gatewayVerdict(attempts, age, 120)).toBe(expected);
  });
});
