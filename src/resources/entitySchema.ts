import * as yup from 'yup';
import '../i18n/yupLocale';
import type { EntityDeclaration, SchemaKit } from './entity';

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
  hexColor: (initial = '#607d8b') =>
    yup
      .string()
      .required()
      .default(initial)
      .matches(/^#[0-9a-fA-F]{6}$/, { message: ({ label }) => `${label} muss eine Farbe wie #FF9800 sein.` }),
};

const built = new WeakMap<EntityDeclaration, yup.AnyObjectSchema>();

/**
 * The yup schema of an entity, the same for the form and the server: every declared field has a rule,
 * every rule a declared field, and messages name the field by its German label.
 */
export function entitySchema(entity: EntityDeclaration): yup.AnyObjectSchema {
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
