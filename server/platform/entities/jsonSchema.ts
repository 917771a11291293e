import type { EntityDeclaration, FieldDeclaration } from '../../../src/resources/entity';

type JsonSchema = Record<string, unknown>;

function fieldSchema(field: FieldDeclaration): JsonSchema {
  const base = { description: field.label };
  switch (field.type) {
    case 'integer':
      return { ...base, type: ['integer', 'null'] };
    case 'money':
      return { ...base, type: ['integer', 'null'], description: `${field.label} (Cent)` };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'date':
      return { ...base, type: ['string', 'null'], format: 'date' };
    case 'datetime':
      return {
        ...base,
        type: ['string', 'null'],
        format: 'date-time',
        description: `${field.label} (ISO-Zeitpunkt; ohne Zeitzone: Uhrzeit der Firma)`,
      };
    case 'choice':
      return { ...base, type: 'string', enum: field.choices?.map((c) => c.id) };
    case 'reference':
      return { ...base, type: ['integer', 'null'] };
    case 'referenceMany':
      return { ...base, type: 'array', items: { type: 'integer' } };
    case 'choiceMany':
      return { ...base, type: 'array', items: { type: 'string', enum: field.choices?.map((c) => c.id) } };
    default:
      return { ...base, type: ['string', 'null'] };
  }
}

/** The input of create and update, for the API reference (yup is what validates it). */
export function inputSchema(declaration: EntityDeclaration, mode: 'create' | 'update' | 'save'): JsonSchema {
  const properties: Record<string, JsonSchema> = Object.fromEntries(
    declaration.fields.map((f) => [f.source, fieldSchema(f)]),
  );
  if (mode !== 'create')
    properties.version = { type: 'integer', description: 'Version, die bearbeitet wurde' };
  if (mode === 'save') properties.id = { type: 'integer', description: 'Nur zum Ändern: id des Datensatzes' };
  return { type: 'object', properties, ...(mode === 'update' ? { required: ['version'] } : {}) };
}

/** A row as the API returns it. */
export function recordSchema(declaration: EntityDeclaration): JsonSchema {
  return {
    type: 'object',
    additionalProperties: true,
    properties: {
      id: { type: 'integer' },
      version: { type: 'integer' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      updatedBy: { type: ['string', 'null'] },
      ...Object.fromEntries(declaration.fields.map((f) => [f.source, fieldSchema(f)])),
    },
  };
}
