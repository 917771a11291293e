import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './apiError';
import { fieldOfValidation, validationProblem } from './validationMessages';

// PostgreSQL's SQLSTATE classes for bad input: 22 data exception (bad date, number out of range, NUL
// byte, text that is no number), 23 integrity (missing reference, not null, check, duplicate).
const DATABASE_REFUSALS: Record<string, string> = {
  '22': 'Ein Wert der Anfrage ist ungültig oder liegt außerhalb des erlaubten Bereichs.',
  '23503': 'Ein ausgewählter verknüpfter Eintrag existiert nicht (mehr).',
  '23505': 'Diesen Eintrag gibt es bereits.',
  '23502': 'Ein Pflichtwert fehlt.',
  '23514': 'Ein Wert liegt außerhalb des erlaubten Bereichs.',
};

/** The German message for an error by which PostgreSQL refused the request's data, or undefined. */
function refusedByDatabase(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) return undefined;
  return DATABASE_REFUSALS[code] ?? (code.startsWith('22') ? DATABASE_REFUSALS['22'] : undefined);
}

/**
 * Fastify's `frameworkErrors`: the router refuses an address before any route or error handler sees it (a path
 * parameter over 100 characters, a broken %-escape), e.g. a personal link a mail program ran together with the
 * following words. Without this the answer was Fastify's English JSON outside the envelope.
 */
export function routerRefusal(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply
    .code(400)
    .send({ statusCode: 400, result: { message: 'Diese Adresse ist ungültig oder zu lang.' } });
}

/**
 * Wraps every API answer as `{statusCode, result}`, the shape the client's web app reads; errors carry a German
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
    const refused = refusedByDatabase(error);
    if (refused) {
      // A value the handler's validation missed; the database refused it and nothing was saved.
      request.log.warn({ err: error }, 'Von der Datenbank abgelehnte Eingabe');
      return reply.code(400).send({ statusCode: 400, result: { message: refused } });
    }
    request.log.error(error);
    return reply.code(500).send({
      statusCode: 500,
      result: { message: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.' },
    });
  });
});
