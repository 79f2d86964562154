import { describe, expect, it } from 'vitest';
import { AbTestAssignmentSchema, AllocationBodySchema, parseAbTest } from '../src/experiments.ts';

/** The `ab_test` header's shape (docs/experiments.md; the analytics stores it with each event). */
describe('parseAbTest: the header as the server reads it', () => {
  it.each<[string | string[] | undefined, Record<string, string>]>([
    [
      '{"bucket":"A","voice":"u","nextGenHome":"w","menuReverseAB":"on"}',
      {
        bucket: 'A',
        voice: 'u',
        nextGenHome: 'w',
        menuReverseAB: 'on',
      },
    ],
    ['{"bucket":"none"}', { bucket: 'none' }],
    ['{}', {}],
    [undefined, {}],
    ['', {}],
    [['{"bucket":"A"}', '{"bucket":"B"}'], {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['"A"', {}],
    ['null', {}],
    // a bucket outside SPEC §4, a name with other characters, a variant too long: all refused whole
    ['{"bucket":"D"}', {}],
    ['{"bucket":"A","voice ordering":"u"}', {}],
    ['{"bucket":"A","voice":"uuuuuuuuuuuuuuuuuuuuu"}', {}],
    ['{"bucket":"A","voice":3}', {}],
    [`{"${'e'.repeat(41)}":"u"}`, {}],
    [`{"bucket":"A","x":"${'y'.repeat(2000)}"}`, {}],
  ])('%j → %j', (header, assignment) => expect(parseAbTest(header)).toEqual(assignment));

  it('the schema takes what the allocation answers', () => {
    expect(AbTestAssignmentSchema.parse({ bucket: 'B', voice: 's' })).toEqual({ bucket: 'B', voice: 's' });
  });
});

describe('the allocation body', () => {
  it.each([
    ['1234567890.1764345600', true],
    ['GA1.1.1234567890.1764345600', true],
    ['42', true],
    ['3f9a0c1e-7b2d', false],
    ['', false],
  ])('client id %j → %s', (clientId, ok) =>
    expect(AllocationBodySchema.safeParse({ clientId, tenantId: 'crust-in' }).success).toBe(ok),
  );
});
