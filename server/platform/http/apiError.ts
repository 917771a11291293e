/**
 * An error the API answers with its status and a German `result.message` (inside the `{statusCode, result}`
 * wrapper every answer travels in).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field errors for forms: source → German message. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Bitte melden Sie sich an.') => new ApiError(401, message);
export const forbidden = (message = 'Sie haben keine Berechtigung für diese Funktion.') =>
  new ApiError(403, message);
export const notFound = (message = 'Der Datensatz wurde nicht gefunden.') => new ApiError(404, message);
export const conflict = (
  message = 'Der Datensatz wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderung.',
) => new ApiError(409, message);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new ApiError(400, message, errors);
/** The directory is unreachable and we know nothing cached: refuse, never guess. */
export const directoryUnavailable = () =>
  new ApiError(
    503,
    'Das Verzeichnis (Microsoft Graph) ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  );
