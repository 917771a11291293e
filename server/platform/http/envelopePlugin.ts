import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './apiError';
import { fieldOfValidation, validationProblem } from './validationMessages';

/**
 * Wraps every API answer as `{statusCode, result}` (SPEC §7); errors carry a German
 * `result.message` and, for forms, `result.errors` per field.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.routeOptions.config?.access || reply.statusCode >= 400) return payload;
    return { statusCode: reply.statusCode, result: payload };
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        result: { message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
      });
    }
    if ('validation' in error && error.validation) {
      const where = error.validationContext === 'querystring' ? 'in den Parametern' : 'in der Anfrage';
      // Each field with what is wrong and its limit ("text: höchstens 5.000 Zeichen"), also per field for forms.
      const errors = Object.fromEntries(
        error.validation.map((v) => [fieldOfValidation(v), validationProblem(v)]).filter(([field]) => field),
      );
      const details = Object.entries(errors).map(([field, problem]) => `${field}: ${problem}`);
      return reply.code(400).send({
        statusCode: 400,
        result: {
          message: `Ungültige Angabe ${where}: ${details.join(', ') || 'Format'}.`,
          ...(details.length ? { errors } : {}),
        },
      });
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        result: {
          message: error.statusCode === 413 ? 'Die Anfrage ist zu groß.' : 'Die Anfrage ist ungültig.',
        },
      });
    }
    request.log.error(error);
    return reply.code(500).send({
      statusCode: 500,
      result: { message: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.' },
    });
  });
});
