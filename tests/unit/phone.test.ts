import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneProblem, phoneSearchDigits } from '../../src/resources/customers/phone.rules';

describe('normalizePhone', () => {
  it.each([
    ['0463 / 12 34-56', 'AT', '+43 463 123456'],
    ['0049 89 555123', 'AT', '+49 89 555123'],
    ['089 555 123', 'DE', '+49 89 555123'],
    ['+43 (0) 4242 98765', 'AT', '+43 4242 98765'],
    ['+43 664 1234567', 'AT', '+43 664 1234567'],
    // Austrian area codes of every length (Wien 1, Klagenfurt 463, Villach 4242, mobile 664).
    ['01 5861234', 'AT', '+43 1 5861234'],
    ['04242123456', 'AT', '+43 4242 123456'],
    ['0664 1111111', 'AT', '+43 664 1111111'],
    ['  ', 'AT', ''],
  ])('"%s" (%s) → "%s"', (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected);
  });
});

describe('phoneProblem', () => {
  it('refuses letters and numbers too short to dial, accepts what people type', () => {
    expect(phoneProblem('abc', 'AT')).toMatch(/nur Ziffern/);
    expect(phoneProblem('0664 12ab', 'AT')).toMatch(/nur Ziffern/);
    expect(phoneProblem('12', 'AT')).toMatch(/vollständige Telefonnummer/);
    expect(phoneProblem('0463 / 12 34-56', 'AT')).toBeNull();
    expect(phoneProblem('', 'AT')).toBeNull();
  });
});

describe('phoneSearchDigits', () => {
  it.each([
    ['+43 4242 123456', '434242123456'],
    ['0043 4242 123456', '434242123456'],
    ['04242 123456', '4242123456'],
    ['04242123456', '4242123456'],
    ['4242 123456', '4242123456'],
    ['0664 1111111', '6641111111'],
  ])('"%s" is searched as %s, which the stored digits contain', (input, expected) => {
    expect(phoneSearchDigits(input)).toBe(expected);
  });

  it('is null for names and for too few digits', () => {
    expect(phoneSearchDigits('werle carlo')).toBeNull();
    expect(phoneSearchDigits('12')).toBeNull();
  });
});
