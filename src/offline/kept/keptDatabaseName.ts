// The name of an account's kept copy database: in a file of its own (no idb), so that a page can ask whether
// a copy exists before it loads the store's code.

/** The start of every kept copy's database name; the rest is the account id. */
export const KEPT_DATABASE_PREFIX = 'fenster-crm-unterwegs.';

export const keptDatabaseName = (accountId: string) => `${KEPT_DATABASE_PREFIX}${accountId}`;
