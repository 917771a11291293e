import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { staleEdit } from '../platform/http/apiError';
import { withChangeRecords } from '../platform/changes/recordChange';

/** Area key of the sales curve's months (record id: the month 1–12) in the Änderungsverlauf. */
export const SALES_CURVE_AREA = 'verkaufskurve';

/** The twelve monthly shares in percent, with one version for the whole curve. */
export interface SalesCurve {
  shares: number[];
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Reads the curve; months never saved count as 0 % (version 0: nothing saved yet). */
export async function readSalesCurve(db: Database): Promise<SalesCurve> {
  const rows = await db
    .selectFrom('sales_curve_month')
    .select([
      'month',
      'share_percent as share',
      'version',
      'updated_at as updatedAt',
      'updated_by as updatedBy',
    ])
    .orderBy('month')
    .execute();
  const shares = Array.from({ length: 12 }, (_, i) => rows.find((r) => r.month === i + 1)?.share ?? 0);
  const latest = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  return {
    shares,
    version: Math.max(0, ...rows.map((r) => r.version)),
    updatedAt: latest?.updatedAt.toISOString() ?? null,
    updatedBy: latest?.updatedBy ?? null,
  };
}

/** Saves all twelve shares at once, only if nobody saved the curve since `version` was read. */
export async function saveSalesCurve(db: Database, shares: number[], version: number, caller: Caller) {
  await db.transaction().execute(async (trx) => {
    const current = await sql<{ version: number; by: string | null }>`
      SELECT coalesce(max(version), 0)::int AS version,
        (array_agg(updated_by ORDER BY updated_at DESC))[1] AS by
      FROM (SELECT version, updated_by, updated_at FROM sales_curve_month FOR UPDATE) v`.execute(trx);
    if (current.rows[0]!.version !== version) {
      throw staleEdit(current.rows[0]!.by, {
        subject: 'Die Verkaufskurve',
        retry: 'Bitte laden Sie sie neu.',
        did: 'gespeichert',
      });
    }
    const months = async (trx: Database) => {
      const rows = await trx
        .selectFrom('sales_curve_month')
        .select(['month', 'share_percent as sharePercent'])
        .execute();
      return new Map(rows.map((row) => [row.month, row]));
    };
    const subject = { actor: caller, area: SALES_CURVE_AREA, read: months };
    await withChangeRecords(trx, subject, () =>
      sql`
      INSERT INTO sales_curve_month (month, share_percent, version, updated_at, updated_by)
      SELECT m, s, ${version + 1}, now(), ${caller.name} FROM unnest(${shares}::numeric[]) WITH ORDINALITY AS u(s, m)
      ON CONFLICT (month) DO UPDATE SET share_percent = EXCLUDED.share_percent, version = EXCLUDED.version,
        updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`.execute(trx),
    );
  });
  return readSalesCurve(db);
}
