import { asCountry, countryOf } from './country.rules';
import type { Choice, FieldDeclaration, SchemaKit } from './entity';
import { postcodeProblem } from './postcode.rules';

/** The countries customers, Endkunden and branches are in. */
export const COUNTRY_CHOICES: readonly Choice[] = [
  { id: 'AT', name: 'Österreich' },
  { id: 'DE', name: 'Deutschland' },
];

/** An optional trimmed text of at most `max` characters; empty is null. */
export const optionalText = (yup: SchemaKit, max: number) =>
  yup.string().trim().max(max).nullable().default(null);

/** A postcode that fits the `country` beside it, else the home country (AT 4, DE 5 digits). */
export const postcodeRule = (yup: SchemaKit) =>
  optionalText(yup, 10).test('postcode', function postcode(value) {
    const country = countryOf(
      (this.parent as { country?: string } | undefined)?.country,
      this.options.context,
    );
    const problem = value ? postcodeProblem(country, value) : null;
    return problem ? this.createError({ message: problem }) : true;
  });

type FieldExtras = Partial<Omit<FieldDeclaration, 'type'>>;

/** "Name": a required text, searchable, filterable and sortable, of at most `max` characters. */
export const nameField = (max: number) =>
  ({
    source: 'name' as const,
    label: 'Name',
    type: 'text',
    searchable: true,
    filterable: true,
    sortable: true,
    rule: (yup) => yup.string().trim().required().max(max),
  }) satisfies FieldDeclaration;

/** "Aktiv": whether a row is offered; new rows are. */
export const activeField = () =>
  ({
    source: 'active' as const,
    label: 'Aktiv',
    type: 'boolean',
    sortable: true,
    rule: (yup) => yup.boolean().default(true),
  }) satisfies FieldDeclaration;

/** The position of a row among its kind: a whole number from 0 to `max`, 0 when left empty. */
export const sortOrderField = (max: number, label = 'Reihenfolge') =>
  ({
    source: 'sortOrder' as const,
    label,
    type: 'integer',
    sortable: true,
    rule: (yup) => yup.number().integer().min(0).max(max).default(0),
  }) satisfies FieldDeclaration;

/** "Farbe": a hex colour from the colour picker. */
export const colorField = () =>
  ({
    source: 'color' as const,
    label: 'Farbe',
    type: 'color',
    rule: (yup) => yup.hexColor(),
  }) satisfies FieldDeclaration;

/**
 * "Land": Austria or Germany; unless chosen the home country of the validation context (`AddressContext`: the
 * branch's, else the tenant's), so that a Rekord customer starts in Deutschland.
 */
export const countryField = (extras: FieldExtras = {}): FieldDeclaration => ({
  source: 'country',
  label: 'Land',
  type: 'choice',
  choices: COUNTRY_CHOICES,
  rule: (yup) =>
    yup
      .string()
      .oneOf(COUNTRY_CHOICES.map((c) => c.id))
      .required()
      .when('$homeCountry', ([home], schema) => schema.default(asCountry(home) ?? 'AT')),
  ...extras,
});

/** "E-Mail": an optional address of at most 120 characters. */
export const emailField = (extras: FieldExtras = {}): FieldDeclaration => ({
  source: 'email',
  label: 'E-Mail',
  type: 'text',
  inputKind: 'email',
  rule: (yup) => yup.string().trim().email().max(120).nullable().default(null),
  ...extras,
});

/** "PLZ" of an address, checked against the country beside it. */
export const postcodeField = (extras: FieldExtras = {}): FieldDeclaration => ({
  source: 'zip',
  label: 'PLZ',
  type: 'text',
  rule: postcodeRule,
  ...extras,
});

/** A phone number of an address, normalised for the country beside it. */
export const phoneField = (extras: FieldExtras = {}): FieldDeclaration => ({
  source: 'phone',
  label: 'Telefon',
  type: 'text',
  inputKind: 'tel',
  rule: (yup) => yup.phone(),
  ...extras,
});
