import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { asCountry, type CountryCode } from '../country.rules';
import { normalizePhone } from './phone.rules';

/**
 * What to do with a stored phone number (scripts/repairPhones.ts):
 * - `ok`: valid and in the one shape;
 * - `normalise`: valid, typed in another shape ("0911 / 878 77"): stored as the rule stores it;
 * - `reread`: it was a national number read in the wrong country (the form read every national number as
 *   Austrian, and Rekord's new customers were Austrian): no valid number as stored, a valid one of the
 *   customer's Land or home country when read there ("+43 891 234567" → "+49 89 1234567");
 * - `check`: valid as stored, an Austrian number of a customer in Germany or with a German home country, and
 *   valid read there too ("+43 1 711234567" may be Vienna or the German mobile 0171 1234567): for a person to decide;
 * - `invalid`: no valid number either way.
 */
export type PhoneRepair =
  | { kind: 'ok' }
  | { kind: 'normalise' | 'reread'; value: string }
  | { kind: 'check'; alternative: string }
  | { kind: 'invalid' };

// Where the faulty rule read every national number: in Austria, whatever the Land.
const WRONGLY_READ_IN: CountryCode = 'AT';

/** The number typed nationally in `country` that an Austrian `stored` number may have been before. */
function readAgainIn(stored: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed || parsed.country !== WRONGLY_READ_IN || country === WRONGLY_READ_IN) return null;
  const again = parsePhoneNumberFromString(`0${parsed.nationalNumber}`, country);
  return again?.isValid() ? again.formatInternational() : null;
}

/**
 * The repair of one stored number of a customer or Endkunde in `land` whose home country (its branch's, else
 * the tenant's) is `home`.
 */
export function phoneRepair(stored: string, land: string | null, home: CountryCode): PhoneRepair {
  const own = asCountry(land) ?? home;
  const normalised = normalizePhone(stored, own);
  const valid = parsePhoneNumberFromString(stored, own)?.isValid() ?? false;
  // An Austrian number read again in Germany; a national number never stored as read (imported as typed) in
  // the home country.
  const candidates = [...new Set([own, home])].flatMap((country) => readAgainIn(normalised, country) ?? []);
  const inHome = normalizePhone(stored, home);
  if (!valid && !/^(\+|00)/.test(stored.trim()) && parsePhoneNumberFromString(inHome)?.isValid()) {
    candidates.push(inHome);
  }
  if (!valid) return candidates[0] ? { kind: 'reread', value: candidates[0] } : { kind: 'invalid' };
  if (candidates[0] && candidates[0] !== normalised) return { kind: 'check', alternative: candidates[0] };
  return normalised === stored ? { kind: 'ok' } : { kind: 'normalise', value: normalised };
}
