import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** What of a customer the duplicate check compares (stored columns, or what is being typed in). */
export interface MatchInput {
  companyName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  street?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
  mobile?: string | null;
  email?: string | null;
}

/** A customer reduced to what decides whether two are the same; stored per customer by the background job. */
export interface MatchKeys {
  /** The name's words, folded and without legal forms, sorted (so word order does not count). */
  nameTokens: string[];
  email: string | null;
  /** Phone and mobile in E.164 ("+434631234567"), however they were typed. */
  phones: string[];
  /** Street and house number folded ("hauptstr 5"), null without one. */
  street: string | null;
  zip: string | null;
}

/** Points per agreeing part; a pair's score is their sum, at most 100. */
export const MATCH_POINTS = {
  sameName: 35,
  similarName: 25,
  email: 40,
  phone: 40,
  address: 25,
  zip: 15,
} as const;

/** From this score on a pair goes into the list of likely duplicates (two independent parts agree). */
export const LIKELY_DUPLICATE = 60;
/** From this score the entry form warns: one strong part (e-mail, phone) or a name at the same PLZ. */
export const POSSIBLE_DUPLICATE = 40;

// Words that only say what kind of company it is: "Holzbau Berger GmbH & Co KG" is Holzbau Berger.
const LEGAL_FORMS = new Set([
  'gmbh',
  'gesmbh',
  'mbh',
  'ges',
  'co',
  'kg',
  'eu',
  'ek',
  'ekfm',
  'og',
  'ohg',
  'ag',
  'gbr',
  'ug',
  'se',
  'kgaa',
  'eg',
  'firma',
]);

/** Lower case, umlauts and ß written out (Müller = Mueller, Strauß = Strauss), other accents dropped. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * The words of a name as the check compares them: folded, dots dropped ("e.U." is "eu"), legal forms and "&"
 * left out, sorted. A company is compared by its company name, a person by first and last name.
 */
export function nameTokens(input: Pick<MatchInput, 'companyName' | 'firstName' | 'lastName'>): string[] {
  const name = input.companyName?.trim() || [input.firstName, input.lastName].filter(Boolean).join(' ');
  const words = foldText(name)
    .replace(/\./g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !LEGAL_FORMS.has(word));
  return [...new Set(words)].sort();
}

const countryOf = (country: string | null | undefined): CountryCode => (country === 'DE' ? 'DE' : 'AT');

/** A phone number in E.164 ("0463 / 12 34-56" in Austria → "+43463123456"), or null when it is none. */
export function phoneKey(
  phone: string | null | undefined,
  country: string | null | undefined,
): string | null {
  const trimmed = phone?.trim();
  if (!trimmed) return null;
  const parsed = parsePhoneNumberFromString(trimmed, countryOf(country));
  if (parsed?.isPossible()) return parsed.number;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 6 ? digits : null;
}

/** Street and number folded: "Hauptstraße 5", "Hauptstr. 5" and "Haupt-Strasse 5" are one. */
export function streetKey(street: string | null | undefined): string | null {
  const folded = foldText(street ?? '')
    .replace(/(strasse|str\.?)(?=\s|\d|$)/g, 'str')
    .replace(/[^a-z0-9]+/g, '');
  return folded || null;
}

/** Everything the comparison needs of one customer. */
export function matchKeys(input: MatchInput): MatchKeys {
  const phones = [phoneKey(input.phone, input.country), phoneKey(input.mobile, input.country)].filter(
    (phone): phone is string => phone !== null,
  );
  return {
    nameTokens: nameTokens(input),
    email: input.email?.trim().toLowerCase() || null,
    phones: [...new Set(phones)],
    street: streetKey(input.street),
    zip: input.zip?.trim() || null,
  };
}

const contains = (outer: readonly string[], inner: readonly string[]) =>
  inner.every((word) => outer.includes(word));

/** How alike two names are: the same words (in any order), or all words of one in the other. */
function nameAgreement(a: readonly string[], b: readonly string[]): 'same' | 'similar' | null {
  if (!a.length || !b.length) return null;
  if (a.length === b.length && contains(a, b)) return 'same';
  // "Gruber" typed against "Maria Gruber": one word must say something (not "a", not a house number).
  const shorter = a.length < b.length ? a : b;
  const longer = shorter === a ? b : a;
  return shorter.some((word) => word.length >= 3) && contains(longer, shorter) ? 'similar' : null;
}

/** A pair's score (0–100) and why, in German ("gleicher Name", "gleiche Telefonnummer" …). */
export interface MatchScore {
  score: number;
  reasons: string[];
}

/** The one rule that says how likely two customers are the same: the list, the merge and the entry form use it. */
export function scoreMatch(a: MatchKeys, b: MatchKeys): MatchScore {
  let score = 0;
  const reasons: string[] = [];
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };
  const name = nameAgreement(a.nameTokens, b.nameTokens);
  if (name === 'same') add(MATCH_POINTS.sameName, 'gleicher Name');
  if (name === 'similar') add(MATCH_POINTS.similarName, 'ähnlicher Name');
  if (a.email && a.email === b.email) add(MATCH_POINTS.email, 'gleiche E-Mail-Adresse');
  if (a.phones.some((phone) => b.phones.includes(phone))) add(MATCH_POINTS.phone, 'gleiche Telefonnummer');
  if (a.zip && a.zip === b.zip) {
    if (a.street && a.street === b.street) add(MATCH_POINTS.address, 'gleiche Adresse');
    else add(MATCH_POINTS.zip, 'gleiche PLZ');
  }
  return { score: Math.min(100, score), reasons };
}
