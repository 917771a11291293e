import type { Choice, SchemaKit } from '../entity';
import { postcodeProblem } from '../postcode';
import { normalizePhone } from './phone';

/** The countries customers and Endkunden live in. */
export const COUNTRY_CHOICES: readonly Choice[] = [
  { id: 'AT', name: 'Österreich' },
  { id: 'DE', name: 'Deutschland' },
];

/** An optional trimmed text of at most `max` characters; empty is null. */
export const optionalText = (yup: SchemaKit, max: number) =>
  yup.string().trim().max(max).nullable().default(null);

/** A postcode that fits the `country` beside it (AT 4, DE 5 digits). */
export const postcodeRule = (yup: SchemaKit) =>
  optionalText(yup, 10).test('postcode', function postcode(value) {
    const problem = value ? postcodeProblem((this.parent as { country?: string }).country, value) : null;
    return problem ? this.createError({ message: problem }) : true;
  });

/** A phone number, normalised for the `country` beside it ("0463 / 12 34-56" → "+43 463 123456"). */
export const phoneRule = (yup: SchemaKit, max = 40) =>
  optionalText(yup, max).transform(function normalize(value: string | null) {
    const country = (this as unknown as { parent?: { country?: string } }).parent?.country;
    return value ? normalizePhone(value, country) || null : value;
  });
