import { describe, expect, it } from 'vitest';
import { maskedName } from '../src/masked-name.ts';

describe('maskedName: a UPI holder’s name as the payment apps show it', () => {
  it.each<[string, string]>([
    ['Mohan Iyer', 'M**** I***'],
    ['Asha Verma', 'A*** V****'],
    ['asha', 'a***'],
    ['A K Sharma', 'A K S*****'],
    ['  Ravi   Kumar  ', 'R*** K****'],
    ['Ravi\tKumar', 'R*** K****'],
    ['Dr. S. Rao', 'D** S* R**'],
    ['अमित शर्मा', 'अ** श*'],
    ['मिहिर', 'मि**'],
    ['𝐙oe Li', '𝐙** L*'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, masked) => {
    expect(maskedName(name)).toBe(masked);
  });
});
