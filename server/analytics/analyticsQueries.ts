import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';

/** Records that the caller signed in. */
export async function recordLogin(db: Database, caller: Caller) {
  await sql`INSERT INTO analytics_event (kind, user_oid, user_name) VALUES ('login', ${caller.oid}, ${caller.name})`.execute(
    db,
  );
}

/** Whether a stored file with this id exists. */
export async function fileExists(db: Database, fileId: number): Promise<boolean> {
  const file = await sql`SELECT 1 FROM stored_file WHERE id = ${fileId}`.execute(db);
  return file.rows.length > 0;
}

/** Records that the caller downloaded the file. */
export async function recordFileDownload(db: Database, caller: Caller, fileId: number) {
  await sql`INSERT INTO analytics_event (kind, user_oid, user_name, file_id)
            VALUES ('file_download', ${caller.oid}, ${caller.name}, ${fileId})`.execute(db);
}

/** Sign-ins per day, active people and most downloaded files between two days (Vienna time). */
export async function usageReport(db: Database, from: string, to: string, zone: string) {
  // Days in Vienna/Berlin time, with zero-days filled, so the chart has no gaps.
  const perDay = await sql<{ day: string; logins: number; users: number }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS day,
           count(e.id)::int AS logins,
           count(DISTINCT e.user_oid)::int AS users
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
    LEFT JOIN analytics_event e
      ON e.kind = 'login' AND (e.occurred_at AT TIME ZONE ${zone})::date = d::date
    GROUP BY d ORDER BY d`.execute(db);
  const active = await sql<{ last7: number; last30: number; period: number }>`
    SELECT count(DISTINCT user_oid) FILTER (WHERE occurred_at > now() - interval '7 days')::int AS last7,
           count(DISTINCT user_oid) FILTER (WHERE occurred_at > now() - interval '30 days')::int AS last30,
           count(DISTINCT user_oid) FILTER (
             WHERE (occurred_at AT TIME ZONE ${zone})::date BETWEEN ${from}::date AND ${to}::date
           )::int AS period
    FROM analytics_event WHERE kind = 'login'`.execute(db);
  const downloads = await sql<{ fileId: number; name: string; downloads: number; users: number }>`
    SELECT f.id AS "fileId", f.original_name AS name, count(*)::int AS downloads, count(DISTINCT e.user_oid)::int AS users
    FROM analytics_event e JOIN stored_file f ON f.id = e.file_id
    WHERE e.kind = 'file_download'
      AND (e.occurred_at AT TIME ZONE ${zone})::date BETWEEN ${from}::date AND ${to}::date
    GROUP BY f.id, f.original_name ORDER BY downloads DESC, name LIMIT 10`.execute(db);
  return { loginsPerDay: perDay.rows, activeUsers: active.rows[0], topDownloads: downloads.rows };
}
