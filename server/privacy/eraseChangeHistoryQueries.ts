import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../platform/db/database';

/**
 * Per area of the Änderungsverlauf, the fields that hold the erased person's own data: their old and new values
 * give way to the erasure's mark. Everything else (Betreuer, Filiale, labels, amounts, states) keeps its values,
 * so the history still says who changed what of the business; names in kept texts are replaced by the pattern.
 */
export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  kunden: [
    'displayName',
    'salutation',
    'title',
    'firstName',
    'lastName',
    'companyName',
    'street',
    'zip',
    'city',
    'phone',
    'mobile',
    'email',
    'customFields',
    'Zusammenführung',
  ],
  aktivitaeten: ['note'],
  notiz: ['text'],
  datei: ['originalName'],
  nps: ['comment'],
  'angebot-online': ['email', 'signerName', 'ip', 'userAgent', 'codeEmail', 'declineReason'],
  endkunde: ['name', 'street', 'zip', 'city', 'phone', 'email'],
};

/** A JSON value replaced by the mark, an empty one (null) left as it is. */
const marked = (value: RawBuilder<unknown>, mark: string) =>
  sql`CASE WHEN ${value} IS NULL OR ${value} = 'null'::jsonb THEN 'null'::jsonb ELSE to_jsonb(${mark}::text) END`;

/**
 * Erases the person from the Änderungsverlauf: every record that names the customer (or one of their Vorgänge)
 * loses the values of its personal fields, and the person's words (pattern) are replaced in all other values.
 */
export async function eraseChangeHistory(
  trx: Database,
  customerId: number,
  pattern: string | null,
  mark: string,
): Promise<void> {
  const theirs = sql`(customer_id = ${customerId}
    OR vorgang_id IN (SELECT id FROM vorgang WHERE customer_id = ${customerId}))`;
  for (const [area, fields] of Object.entries(PERSONAL_FIELDS)) {
    await sql`UPDATE change_record SET changes = (
        SELECT jsonb_object_agg(key, CASE WHEN key = ANY(${fields}::text[])
          THEN jsonb_build_object('old', ${marked(sql`value -> 'old'`, mark)}, 'new', ${marked(sql`value -> 'new'`, mark)})
          ELSE value END)
        FROM jsonb_each(changes))
      WHERE area = ${area} AND ${theirs} AND changes ?| ${fields}::text[]`.execute(trx);
  }
  if (pattern) {
    await sql`UPDATE change_record SET changes = regexp_replace(changes::text, ${pattern}, ${mark}, 'gi')::jsonb
      WHERE ${theirs} AND changes::text ~* ${pattern}`.execute(trx);
  }
}
