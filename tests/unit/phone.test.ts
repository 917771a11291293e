import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/resources/customers/phone.rules';

describe('normalizePhone', () => {
  it.each([
    ['0463 / 12 34-56', 'AT', '+43 463 123456'],
    ['0049 89 555123', 'AT', '+49 89 555123'],
    ['089 555 123', 'DE', '+49 89 555123'],
    ['+43 (0) 4242 98765', 'AT', '+43 4242 98765'],
    ['+43 664 1234567', 'AT', '+43 664 1234567'],
    ['  ', 'AT', ''],
  ])('"%s" (%s) → "%s"', (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected);
  });
});
