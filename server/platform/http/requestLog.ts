import type { FastifyRequest } from 'fastify';

/**
 * The address as logged: the path without its query (search words and filters may hold customer names,
 * sign-in callbacks carry codes) and with the token of a survey or unsubscribe link masked (the token opens
 * the survey, or unsubscribes).
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const masked = path.replace(/\/(umfrage|abmelden|angebot)\/[^/]+/g, '/$1/…');
  return query === -1 ? masked : `${masked}?…`;
}

/** What each request's first log line says about it: ids and addresses, no personal data. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    scheme: request.protocol,
    remoteAddress: request.ip,
  };
}

/**
 * Log fields pino blanks wherever they appear: credentials, and what database errors quote of the row
 * (a unique violation's `detail` names the values, e.g. an e-mail address).
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'err.detail',
  'err.parameters',
  'err.cause.detail',
  'err.cause.parameters',
];
