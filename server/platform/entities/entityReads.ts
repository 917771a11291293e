// Reading a declared entity's rows: a sorted, filtered page with its total, one row (also locked for a change),
// the rows of some ids.
import { sql } from 'kysely';
import type { EntityDeclaration } from '../../../src/resources/entity';
import { isRecording } from '../changes/recordChange';
import type { Database } from '../db/database';
import { notFound } from '../http/apiError';
import type { EntityRecord, Executor } from './entityRecord';
import { listConditions, orderClause, type ListParams } from './listQuery';
import { selectColumns } from './recordSelect';

/**
 * From this many rows on, an unfiltered list's total is the planner's estimate: an exact count(*) scans the
 * whole table (100,000 customers: 16-22 ms against 0.35 ms for the page itself). Below it, counting is cheap.
 * Filtered lists are always counted exactly.
 */
export const ESTIMATED_TOTAL_FROM = 10_000;

/** One page of an entity's rows, sorted and filtered in the database, with the total count (see above). */
export async function listRecords(db: Database, declaration: EntityDeclaration, params: ListParams) {
  const conditions = listConditions(declaration, params.filter, params.callerOid, params.timeZone);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const table = sql.table(declaration.table);
  const offset = (params.page - 1) * params.perPage;
  const exactCount = () =>
    sql<{ total: number }>`SELECT count(*)::int AS total FROM ${table} t ${where}`
      .execute(db)
      .then((result) => result.rows[0]?.total ?? 0);
  const [rows, estimate] = await Promise.all([
    sql<EntityRecord>`SELECT ${selectColumns(declaration)} FROM ${table} t ${where} ${orderClause(declaration, params)} LIMIT ${params.perPage} OFFSET ${offset}`.execute(
      db,
    ),
    conditions.length ? null : estimatedCount(db, declaration.table),
  ]);
  const pageRows = rows.rows.length;
  // Filtered, small, or past the end of an estimated list (a stale link): only a count knows the end.
  if (estimate === null || (pageRows === 0 && offset > 0))
    return { data: rows.rows, total: await exactCount() };
  return { data: rows.rows, total: pagerSafeTotal(estimate, offset, params.perPage, pageRows) };
}

/**
 * The planner's row count of a big table, computed as the planner does: rows per page at the last analyze
 * (autovacuum keeps it current) times the table's pages now, so growth since then counts. Null when small.
 */
async function estimatedCount(db: Database, table: string): Promise<number | null> {
  const result = await sql<{ estimate: number | null }>`
    SELECT CASE WHEN c.relpages > 0 AND c.reltuples > 0
      THEN round(c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::int
    END AS estimate
    FROM pg_class c WHERE c.oid = to_regclass(${table})`.execute(db);
  const estimate = result.rows[0]?.estimate ?? null;
  return estimate !== null && estimate >= ESTIMATED_TOTAL_FROM ? estimate : null;
}

/**
 * An estimate can be a little off; the page itself shows where the end is, so the pager's last page is never
 * empty (a short page is the end) and never out of reach (after a full page at least one more row may follow).
 */
export function pagerSafeTotal(total: number, offset: number, perPage: number, pageRows: number): number {
  if (pageRows < perPage && (pageRows > 0 || offset === 0)) return offset + pageRows;
  if (pageRows === perPage && total <= offset + pageRows) return offset + pageRows + 1;
  return total;
}

/** A single row by id, or a German 404. */
export async function getRecord(
  db: Executor,
  declaration: EntityDeclaration,
  id: number,
): Promise<EntityRecord> {
  const result =
    await sql<EntityRecord>`SELECT ${selectColumns(declaration)} FROM ${sql.table(declaration.table)} t WHERE t.id = ${id}`.execute(
      db,
    );
  const row = result.rows[0];
  if (!row) throw notFound(`${declaration.label.one} wurde nicht gefunden.`);
  return row;
}

/**
 * A single row by id (or a German 404), read inside the transaction `trx` that is going to change it, and locked
 * there while the Änderungsverlauf records: it is then the row as it was before the change, to hand to
 * `updateRecord` instead of having the UPDATE return the old row a second time. (Not every write of a row bumps
 * its version, e.g. a bulk change of the Betreuer, so only the lock keeps it from going stale.)
 */
export async function readForUpdate(
  trx: Database,
  declaration: EntityDeclaration,
  id: number,
): Promise<EntityRecord> {
  if (!trx.isTransaction) throw new Error('readForUpdate needs the transaction that changes the row');
  const lock = isRecording() ? sql`FOR UPDATE OF t` : sql``;
  const result = await sql<EntityRecord>`
    SELECT ${selectColumns(declaration)} FROM ${sql.table(declaration.table)} t WHERE t.id = ${id} ${lock}`.execute(
    trx,
  );
  const row = result.rows[0];
  if (!row) throw notFound(`${declaration.label.one} wurde nicht gefunden.`);
  return row;
}

/** The rows of these ids (any order; ids without a row are left out). */
export async function recordsByIds(
  db: Executor,
  declaration: EntityDeclaration,
  ids: readonly number[],
): Promise<EntityRecord[]> {
  if (ids.length === 0) return [];
  const result =
    await sql<EntityRecord>`SELECT ${selectColumns(declaration)} FROM ${sql.table(declaration.table)} t WHERE t.id = ANY(${[...ids]}::int[])`.execute(
      db,
    );
  return result.rows;
}
