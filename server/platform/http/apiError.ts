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
/** A 409; a stale edit's is `staleEdit`, which names who changed the record. */
export const conflict = (message: string) => new ApiError(409, message);
/** How a stale edit's message names the record: "Die Notiz" (subject), what to do now (retry, '' for nothing). */
export interface StaleWording {
  subject?: string;
  retry?: string;
  /** What the other person did: "geändert" unless told, e.g. "verschoben", "gespeichert". */
  did?: string;
  /** A plural subject ("Die Einstellungen wurden …"). */
  plural?: boolean;
}
/** What to do after a stale edit of a record named "sie" (die Notiz, die Einstellungen). */
export const RELOAD_HER = 'Bitte laden Sie sie neu und wiederholen Sie Ihre Änderung.';

/**
 * What a stale edit says, naming who changed the record meanwhile where that is known ("Der Datensatz wurde
 * inzwischen von Lena Leitung geändert. Bitte laden Sie ihn neu …"), so that the person knows whom to ask;
 * "von jemand anderem" only when nobody is known (server/platform/changes/changedBy.ts finds them).
 */
export const staleText = (
  by: string | null | undefined,
  {
    subject = 'Der Datensatz',
    retry = 'Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderung.',
    did = 'geändert',
    plural = false,
  }: StaleWording = {},
) =>
  `${subject} ${plural ? 'wurden' : 'wurde'} inzwischen von ${by?.trim() || 'jemand anderem'} ${did}.${retry ? ` ${retry}` : ''}`;
/** The 409 of a stale edit, with `staleText`'s message. */
export const staleEdit = (...args: Parameters<typeof staleText>) => conflict(staleText(...args));
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new ApiError(400, message, errors);
/** The directory is unreachable and we know nothing cached: refuse, never guess. */
export const directoryUnavailable = () =>
  new ApiError(
    503,
    'Das Verzeichnis (Microsoft Graph) ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  );
