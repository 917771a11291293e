import * as yup from 'yup';
import '../i18n/yupLocale';
import type { FormDeclaration, SchemaKit } from './entity';
import { patternProblem } from './articleAliases/articlePattern';

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
      .matches(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, {
        message: ({ label }) => `${label}: Bitte geben Sie ein gültiges Datum ein.`,
        excludeEmptyString: true,
      }),
  hexColor: (initial = '#607d8b') =>
    yup
      .string()
      .required()
      .default(initial)
      .matches(/^#[0-9a-fA-F]{6}$/, { message: ({ label }) => `${label} muss eine Farbe wie #FF9800 sein.` }),
};

const built = new WeakMap<FormDeclaration, yup.AnyObjectSchema>();

/**
 * The yup schema of an entity, the same for the form and the server: every declared field has a rule,
 * every rule a declared field, and messages name the field by its German label.
 */
export function entitySchema(entity: FormDeclaration): yup.AnyObjectSchema {
  const cached = built.get(entity);
  if (cached) return cached;
  const raw = entity.schema(kit);
  const labelled = Object.fromEntries(
    Object.entries(raw.fields).map(([source, schema]) => {
      const field = entity.fields.find((f) => f.source === source);
      if (!field) throw new Error(`${entity.name}: Schemafeld "${source}" ist nicht deklariert.`);
      return [source, (schema as yup.Schema).label(field.label)];
    }),
  );
  for (const field of entity.fields) {
    if (!(field.source in labelled)) {
      throw new Error(`${entity.name}: Feld "${field.source}" hat keine Validierung im Schema.`);
    }
  }
  const schema = yup.object(labelled);
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
