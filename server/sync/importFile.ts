// What an import file is to the data sync (its name, row schema and how a row is written), and the helpers
// the files share: a refused row, a lookup by ERP code, an id read by a query.
import type * as yup from 'yup';
import type { Database } from '../platform/db/database';
import type { RowOutcome } from './upsertRowQueries';

/** Lookups a sync run loads once: small master tables by their ERP code (lower case). */
export interface SyncLookups {
  goodsGroups: Map<string, number>;
  branches: Map<string, number>;
  /** Each branch's country by its lower-case code: a customer row without Land is in it. */
  branchCountries: Map<string, string>;
}

/** A row the sync refuses, with the German reason the log shows. */
export class RejectedRow extends Error {}

/**
 * A row of a person erased under Art. 17 (on the Löschliste): skipped and reported, never written, so that the
 * ERP's export does not bring them back; the message says why, without the values.
 */
export class SuppressedRow extends Error {}

export interface ImportFile {
  /** File name without extension: `<name>.csv` or `<name>.jsonl` in the import folder. */
  name: string;
  label: string;
  schema: yup.AnyObjectSchema;
  /** Writes one validated row; returns what it did and, for the log, the row's key. */
  apply: (
    db: Database,
    row: Record<string, unknown>,
    lookups: SyncLookups,
    by: string,
  ) => Promise<RowOutcome>;
  /** The row's key for log lines, e.g. "Kunde 10001". */
  describe: (row: Record<string, unknown>) => string;
}

export const lookup = (map: Map<string, number>, code: unknown, what: string): number | null => {
  if (code === null || code === undefined) return null;
  const id = map.get(String(code).toLowerCase());
  if (id === undefined) throw new RejectedRow(`${what} „${String(code)}“ ist im CRM nicht angelegt.`);
  return id;
};

export async function idOf(query: {
  executeTakeFirst(): Promise<{ id: number | null } | undefined>;
}): Promise<number | undefined> {
  return (await query.executeTakeFirst())?.id ?? undefined;
}
