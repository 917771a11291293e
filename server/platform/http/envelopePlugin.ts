import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './apiError';

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
      const details = error.validation.map((v) =>
        `${v.instancePath || v.params?.missingProperty || ''}`.replace(/^\//, ''),
      );
      return reply.code(400).send({
        statusCode: 400,
        result: { message: `Ungültige Angabe ${where}: ${details.filter(Boolean).join(', ') || 'Format'}.` },
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
