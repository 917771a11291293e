import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './apiError';

const NUL = '\u0000';

/** The path (`name`, `items[2].text`) of the first text containing a NUL byte, or undefined. */
export function nulPathIn(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? at || 'Wert' : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPathIn(item, `${at}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return at ? `${at}.${key}` : key;
      const found = nulPathIn(item, at ? `${at}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses a NUL byte anywhere in an API request's path parameters, query or JSON body with a German 400
 * naming the field: PostgreSQL cannot store it in text (it answered with a 500 before). One hook for
 * every route, declared or generated, present and future.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.access) return;
    for (const [part, value] of [
      ['Pfad', request.params],
      ['Parameter', request.query],
      ['Anfrage', request.body],
    ] as const) {
      const field = nulPathIn(value);
      if (field !== undefined) {
        const message = `${field}: Der Wert enthält ein unzulässiges Nullzeichen (${part}).`;
        throw badRequest(message, { [field]: message });
      }
    }
  });
});
