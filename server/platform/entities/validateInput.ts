import { ValidationError } from 'yup';
import type { FormDeclaration } from '../../../src/resources/entity';
import { entitySchema } from '../../../src/resources/entitySchema';
import { badRequest } from '../http/apiError';

/** Validates a request body with the entity's own yup schema, the same the form uses. */
export async function validateInput(
  declaration: FormDeclaration,
  body: unknown,
): Promise<Record<string, unknown>> {
  try {
    return (await entitySchema(declaration).validate(body ?? {}, {
      abortEarly: false,
      stripUnknown: true,
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
