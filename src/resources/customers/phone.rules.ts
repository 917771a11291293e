import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

// Only what people type into a phone field: digits, a leading +, spaces and the usual separators.
const PHONE_CHARACTERS = /^\+?[\d\s/().-]+$/;

const countryOf = (country: string | null | undefined): CountryCode => (country === 'DE' ? 'DE' : 'AT');

/**
 * A phone number in one international shape, so search and duplicate checks find it however it was typed:
 * "0463 / 12 34-56" (Austria) → "+43 463 123456", "0049 89 555123" → "+49 89 555123". libphonenumber-js
 * knows the area codes of every length; what it cannot read is returned trimmed (the rule rejects it).
 */
export function normalizePhone(input: string, country: string | null | undefined): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  if (!PHONE_CHARACTERS.test(trimmed)) return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, countryOf(country));
  return parsed?.isPossible() ? parsed.formatInternational() : trimmed;
}

/** What is wrong with a typed phone number (German, for the field), or null when it is a number. */
export function phoneProblem(input: string, country: string | null | undefined): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  if (!PHONE_CHARACTERS.test(trimmed)) {
    return 'Bitte geben Sie nur Ziffern, Leerzeichen und + / ( ) - ein.';
  }
  const parsed = parsePhoneNumberFromString(trimmed, countryOf(country));
  return parsed?.isPossible()
    ? null
    : 'Bitte geben Sie eine vollständige Telefonnummer ein, z. B. 0463 123456.';
}

/**
 * The digits a search text stands for when it looks like (part of) a phone number, else null:
 * "+43 4242 123456", "0043 4242…" → "434242123456"; "04242 123456" → "4242123456" (the trunk 0 dropped,
 * which both Austria and Germany use), so it is found inside the stored "434242123456" of any country.
 */
export function phoneSearchDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_CHARACTERS.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  if (trimmed.startsWith('+') || digits.startsWith('00')) {
    const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${digits.slice(2)}`);
    return parsed ? parsed.number.slice(1) : digits.replace(/^0+/, '');
  }
  return digits.replace(/^0+/, '');
}
