import type { EntityDeclaration } from '../../../src/resources/entity';
import { ApiError, badRequest } from '../http/apiError';

interface PgError {
  code?: string;
  constraint?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string';

/** Turns constraint violations into German 400s at the field they concern; other errors pass. */
export function translateDatabaseError(declaration: EntityDeclaration, error: unknown): unknown {
  if (error instanceof ApiError || !isPgError(error)) return error;
  if (error.code === '23505') {
    const unique = error.constraint ? declaration.unique?.[error.constraint] : undefined;
    if (unique) return badRequest(unique.message, { [unique.field]: unique.message });
    return badRequest('Diesen Eintrag gibt es bereits.');
  }
  if (error.code === '23503')
    return badRequest('Ein ausgewählter verknüpfter Eintrag existiert nicht (mehr).');
  if (error.code === '23514' || error.code === '22P02' || error.code === '22003') {
    return badRequest('Ein Wert liegt außerhalb des erlaubten Bereichs.');
  }
  return error;
}
