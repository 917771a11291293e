import * as yup from 'yup';
import '../i18n/yupLocale';
import type { FormDeclaration, SchemaKit } from './entity';
import { patternProblem } from './articleMapping/articlePattern.rules';
import { isRealDate } from './calendarDate.rules';
import { countryOf } from './country.rules';
import { normalizePhone, phoneProblem } from './customers/phone.rules';
import { optionalText } from './sharedFields';

const kit: SchemaKit = {
  string: yup.string,
  number: yup.number,
  boolean: yup.boolean,
  array: yup.array,
  object: yup.object,
  optionalInteger: () =>
    yup
      .number()
      .integer()
      .nullable()
      .transform((value: number, original: unknown) =>
        original === '' || original === undefined ? null : value,
      ),
  articlePattern: () =>
    yup
      .string()
      .trim()
      .required()
      .max(200)
      .test(
        'pattern',
        ({ label, value }) => `${label}: ${patternProblem(String(value))}`,
        (value) => (value === undefined ? true : patternProblem(value) === null),
      ),
  date: () =>
    yup
      .string()
      .nullable()
      .default(null)
      .transform((value: string | null, original: unknown) =>
        original instanceof Date ? original.toISOString() : original === '' ? null : value,
      )
      .test(
        'real-date',
        ({ label }) => `${label}: Bitte geben Sie ein gültiges Datum ein.`,
        (value) => value === null || value === undefined || value === '' || isRealDate(value),
      ),
  dateTime: () =>
    yup
      .string()
      .nullable()
      .default(null)
      .transform((value: string | null, original: unknown) =>
        original instanceof Date ? original.toISOString() : original === '' ? null : value,
      )
      .test(
        'real-date-time',
        ({ label }) => `${label}: Bitte geben Sie ein gültiges Datum mit Uhrzeit ein.`,
        (value) => value === null || value === undefined || value === '' || isRealDate(value),
      ),
  hexColor: (initial = '#607d8b') =>
    yup
      .string()
      .required()
      .default(initial)
      .matches(/^#[0-9a-fA-F]{6}$/, { message: ({ label }) => `${label} muss eine Farbe wie #FF9800 sein.` }),
  // Form and in-place edits alike check this rule, and the server again. A national number is read in the
  // `country` beside it, else in the home country of the context (`AddressContext`); `when` also makes yup
  // cast that country first (a transform alone sees neither its parent nor the context).
  phone: (max = 40) =>
    optionalText(kit, max).when(['country', '$homeCountry'], ([own, home], schema) => {
      const country = countryOf(own, { homeCountry: home });
      return schema
        .transform((value: string | null) => (value ? normalizePhone(value, country) || null : value))
        .test('phone', function phone(value) {
          const problem = value ? phoneProblem(value, country) : null;
          return problem ? this.createError({ message: problem }) : true;
        });
    }),
};

const built = new WeakMap<FormDeclaration, yup.AnyObjectSchema>();

/**
 * The yup schema of an entity, the same for the form and the server: each declared field's rule, labelled
 * with its German label so that messages name it, then the object rule for checks that span fields.
 */
export function entitySchema(entity: FormDeclaration): yup.AnyObjectSchema {
  const cached = built.get(entity);
  if (cached) return cached;
  const shape = Object.fromEntries(
    entity.fields.map((field) => {
      if (!field.rule) throw new Error(`${entity.name}: Feld "${field.source}" hat keine Validierung.`);
      return [field.source, field.rule(kit).label(field.label)];
    }),
  );
  const object = yup.object(shape);
  const schema = entity.schema ? entity.schema(kit, object) : object;
  for (const source of Object.keys(schema.fields)) {
    if (!(source in shape)) throw new Error(`${entity.name}: Schemafeld "${source}" ist nicht deklariert.`);
  }
  for (const source of Object.keys(shape)) {
    if (!(source in schema.fields)) {
      throw new Error(`${entity.name}: Die Objektregel lässt das Feld "${source}" weg.`);
    }
  }
  built.set(entity, schema);
  return schema;
}

/** The fields a form marks as required (with an asterisk): those whose rule is not optional. */
export function requiredSources(form: FormDeclaration): Set<string> {
  const description = entitySchema(form).describe().fields as Record<string, { optional?: boolean }>;
  return new Set(
    Object.entries(description)
      .filter(([, d]) => d.optional === false)
      .map(([source]) => source),
  );
}
