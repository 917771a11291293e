import type { FastifySchemaValidationError } from 'fastify';

const number = (value: unknown) => Number(value).toLocaleString('de-DE');

/** The field a schema error concerns ("text", "items/2/amount"), or '' for the whole body. */
export const fieldOfValidation = (v: FastifySchemaValidationError): string =>
  `${v.instancePath || (v.params?.missingProperty as string | undefined) || ''}`.replace(/^\//, '');

/** What is wrong with the field in German, with the limit a user needs to fix it ("höchstens 5.000 Zeichen"). */
export function validationProblem(v: FastifySchemaValidationError): string {
  const limit = v.params?.limit;
  switch (v.keyword) {
    case 'maxLength':
      return `höchstens ${number(limit)} Zeichen`;
    case 'minLength':
      return Number(limit) <= 1 ? 'darf nicht leer sein' : `mindestens ${number(limit)} Zeichen`;
    case 'maximum':
      return `höchstens ${number(limit)}`;
    case 'minimum':
      return `mindestens ${number(limit)}`;
    case 'required':
      return 'fehlt';
    default:
      return 'ungültig';
  }
}
