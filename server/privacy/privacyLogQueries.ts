import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { sql, type RawBuilder } from 'kysely';
import { ERASURE_LIST_COLUMNS } from '../../src/resources/privacy/privacyLog.rules';
import { addCompanyDays, startOfCompanyDay } from '../../src/config/companyTime';
import type { PrivacyLogEntry, PrivacyLogFilter } from '../../src/resources/privacy/privacy.endpoints';
import type { Database } from '../platform/db/database';

const COLUMNS = sql`r.id, r.created_at AS at, r.kind, r.requested_by_name AS "actorName",
  r.customer_id AS "customerId", r.customer_number AS "customerNumber", c.display_name AS "customerName",
  r.subject, r.row_count AS "rowCount", r.reason`;
const FROM = sql`FROM privacy_request r LEFT JOIN customer c ON c.id = r.customer_id`;

/** The Datenschutz-Protokoll's WHERE: kind, period (company days, both ends included). */
function logWhere(filter: PrivacyLogFilter, zone: string): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.kind) conditions.push(sql`r.kind = ${filter.kind}`);
  if (filter.from) conditions.push(sql`r.created_at >= ${startOfCompanyDay(filter.from, zone)}`);
  if (filter.to)
    conditions.push(sql`r.created_at < ${startOfCompanyDay(addCompanyDays(filter.to, 1), zone)}`);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/** One page of the Datenschutz-Protokoll, newest first, and how many entries the filter matches. */
export async function privacyLogPage(
  db: Database,
  filter: PrivacyLogFilter,
  zone: string,
  page: { page?: number; perPage?: number },
): Promise<{ data: PrivacyLogEntry[]; total: number }> {
  const perPage = page.perPage ?? 25;
  const where = logWhere(filter, zone);
  const [rows, count] = await Promise.all([
    sql<PrivacyLogEntry & { at: Date }>`SELECT ${COLUMNS} ${FROM} ${where}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${perPage} OFFSET ${((page.page ?? 1) - 1) * perPage}`.execute(
      db,
    ),
    sql<{ total: number }>`SELECT count(*)::int AS total ${FROM} ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    total: count.rows[0]?.total ?? 0,
  };
}

/** Every entry the filter matches, newest first, with the company's wall clock (Excel has no zones). */
export const filteredPrivacyLog = (filter: PrivacyLogFilter, zone: string) =>
  sql<PrivacyLogEntry & { localAt: string }>`SELECT ${COLUMNS},
      to_char(r.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "localAt"
    ${FROM} ${logWhere(filter, zone)} ORDER BY r.created_at DESC, r.id DESC`;

/**
 * The Löschliste as lines of CSV (semicolons; an empty field is NULL), oldest erasure first, as restore.sh reads it:
 * the hashes as a PostgreSQL array.
 */
export const erasureListRows = () =>
  sql<{ line: string }>`SELECT concat_ws(';', customer_id,
      coalesce('"' || replace(customer_number, '"', '""') || '"', ''), coalesce(email_hash, ''),
      '"' || phone_hashes::text || '"', to_char(erased_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) AS line
    FROM erasure_suppression ORDER BY erased_at, customer_id`;

/** The Löschliste as CSV into `out`, from a cursor (a few lines per erasure); answers how many. */
export async function writeErasureList(db: Database, out: Writable): Promise<number> {
  let count = 0;
  out.write(`${ERASURE_LIST_COLUMNS.join(';')}\n`);
  await db.transaction().execute(async (trx) => {
    await sql`DECLARE erasure_list NO SCROLL CURSOR FOR ${erasureListRows()}`.execute(trx);
    for (;;) {
      const { rows } = await sql<{ line: string }>`FETCH 1000 FROM erasure_list`.execute(trx);
      for (const row of rows) out.write(`${row.line}\n`);
      count += rows.length;
      if (out.writableNeedDrain) await once(out, 'drain');
      if (rows.length < 1000) break;
    }
  });
  out.end();
  return count;
}
