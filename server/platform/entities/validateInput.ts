import { ValidationError } from 'yup';
import { MAX_INT } from '../../../src/api/schemas';
import type { FieldDeclaration, FormDeclaration } from '../../../src/resources/entity';
import { entitySchema } from '../../../src/resources/entitySchema';
import { badRequest } from '../http/apiError';

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * What the wire may carry for a field before its yup rule runs: yup's transforms (trim, number casts)
 * assume a scalar and throw on arrays and objects (`val.trim is not a function`), and numbers beyond the
 * database's integer columns pass yup. Returns the German problem, or null.
 */
export function shapeProblem(field: FieldDeclaration, value: unknown): string | null {
  if (value === undefined) return null;
  if (field.type === 'referenceMany' || field.type === 'choiceMany') {
    return Array.isArray(value) && value.every(isScalar)
      ? null
      : `${field.label}: Bitte wählen Sie aus der Liste.`;
  }
  if (!isScalar(value)) return `${field.label}: Dieser Wert hat nicht die erwartete Form.`;
  if (field.type === 'integer' || field.type === 'reference') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number === 'number' && Math.abs(number) > MAX_INT) {
      return `${field.label}: Die Zahl ist zu groß.`;
    }
  }
  if (field.type === 'money' && typeof value === 'number' && !Number.isSafeInteger(value)) {
    return `${field.label}: Der Betrag ist zu groß.`;
  }
  return null;
}

/**
 * Validates a request body with the entity's own yup schema, the same the form uses; `context` is what the
 * form validates with too (the home country of an address: `addressContext`).
 */
export async function validateInput(
  declaration: FormDeclaration,
  body: unknown,
  context?: object,
): Promise<Record<string, unknown>> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('Die Anfrage muss ein Objekt mit den Feldern des Datensatzes sein.');
  }
  const input = (body ?? {}) as Record<string, unknown>;
  const shapeErrors: Record<string, string> = {};
  for (const field of declaration.fields) {
    const problem = shapeProblem(field, input[field.source]);
    if (problem) shapeErrors[field.source] = problem;
  }
  if (Object.keys(shapeErrors).length)
    throw badRequest('Bitte prüfen Sie die markierten Felder.', shapeErrors);
  try {
    return (await entitySchema(declaration).validate(input, {
      abortEarly: false,
      stripUnknown: true,
      context,
    })) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.inner.length ? error.inner : [error]) {
      const field = (issue.path ?? '').split(/[.[]/)[0] || 'root';
      errors[field] ??= issue.message;
    }
    throw badRequest('Bitte prüfen Sie die markierten Felder.', errors);
  }
}
