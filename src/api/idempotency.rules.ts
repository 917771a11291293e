/**
 * The header that makes a create idempotent: the web app sends it with a key per form opening
 * (`useIdempotencyKey`), the server keeps the first answer per caller and key for this many days
 * (server/platform/idempotency). React-free: both sides import it.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** How long the server remembers a key (the phone app's offline outbox may retry that long). */
export const IDEMPOTENCY_KEEP_DAYS = 7;
