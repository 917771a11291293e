// The full metadata ("max"): only it knows which area codes and lengths a country really gives out, so that
// "089 1234567" read in Austria ("+43 891 234567", no such number) is refused instead of saved. The minimal
// metadata checks lengths only and took it. It costs about 20 kB (gzip) more in the forms' chunk.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { countryOf } from '../country.rules';

// Only what people type into a phone field: digits, a leading +, spaces and the usual separators.
const PHONE_CHARACTERS = /^\+?[\d\s/().-]+$/;

const COUNTRY_NAMES = { AT: 'Österreich', DE: 'Deutschland' } as const;
const EXAMPLES = { AT: '0463 123456', DE: '089 1234567' } as const;

/**
 * A phone number in one international shape, so search and duplicate checks find it however it was typed:
 * "0463 / 12 34-56" (Austria) → "+43 463 123456", "089 1234567" (Germany) → "+49 89 1234567", "0049 89
 * 555123" anywhere → "+49 89 555123". A national number is read in `country` (Austria when none is given);
 * what is no valid number there is returned trimmed (the rule refuses it).
 */
export function normalizePhone(input: string, country: string | null | undefined): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  if (!PHONE_CHARACTERS.test(trimmed)) return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, countryOf(country, undefined));
  return parsed?.isValid() ? parsed.formatInternational() : trimmed;
}

/**
 * What is wrong with a typed phone number (German, for the field), or null when it is a valid number: a
 * national number must be one of `country`'s (Austria when none is given), one with +/00 one of its own.
 */
export function phoneProblem(input: string, country: string | null | undefined): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  if (!PHONE_CHARACTERS.test(trimmed)) {
    return 'Bitte geben Sie nur Ziffern, Leerzeichen und + / ( ) - ein.';
  }
  const code = countryOf(country, undefined);
  const parsed = parsePhoneNumberFromString(trimmed, code);
  if (parsed?.isValid()) return null;
  if (!parsed?.isPossible()) {
    return `Bitte geben Sie eine vollständige Telefonnummer ein, z. B. ${EXAMPLES[code]}.`;
  }
  // Possible by its length, but no number of that country: an area code it does not have, or a number of
  // another country typed without its prefix.
  return trimmed.startsWith('+') || trimmed.startsWith('00')
    ? 'Diese Telefonnummer gibt es so nicht. Bitte prüfen Sie Vorwahl und Länge.'
    : `Keine gültige Telefonnummer in ${COUNTRY_NAMES[code]}: Bitte prüfen Sie Vorwahl und Land oder ` +
        `geben Sie die Ländervorwahl mit ein (z. B. ${code === 'AT' ? '+49' : '+43'} …).`;
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
