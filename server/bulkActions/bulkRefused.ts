/** A record the bulk job leaves unchanged, with the reason the report shows (permission, version, …). */
export class BulkRefused extends Error {}
