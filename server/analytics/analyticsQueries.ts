import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { SESSION_GAP_MINUTES } from '../../src/resources/analytics/analytics.endpoints';

/** Records that the caller opened the CRM (a guarded load; the report counts these as sessions). */
export async function recordLogin(db: Database, caller: Caller) {
  await db
    .insertInto('analytics_event')
    .values({ kind: 'login', user_oid: caller.oid, user_name: caller.name })
    .execute();
}

/** Whether a stored file with this id exists. */
export async function fileExists(db: Database, fileId: number): Promise<boolean> {
  const file = await db.selectFrom('stored_file').select('id').where('id', '=', fileId).executeTakeFirst();
  return file !== undefined;
}

/** Records that the caller downloaded the file. */
export async function recordFileDownload(db: Database, caller: Caller, fileId: number) {
  await db
    .insertInto('analytics_event')
    .values({ kind: 'file_download', user_oid: caller.oid, user_name: caller.name, file_id: fileId })
    .execute();
}

/**
 * Sessions per day, active people and most downloaded files between two company days.
 *
 * Sessions, not loads (SESSION_GAP_MINUTES: a load after a longer pause begins a new one). Every guarded
 * load of /crm records a 'login' event (CrmGuard, once per page load): four people in 45 minutes made 138, and
 * the report called each an "Anmeldung". A real sign-in cannot be told apart: MSAL signs a
 * returning person in silently from its cache, so "came back from the directory" misses most working days.
 * A session (loads without a longer pause, as web analytics count visits) is what a person would call using
 * the CRM once, and it is counted from the events already stored.
 */
export async function usageReport(db: Database, from: string, to: string, zone: string) {
  // Days in the company's zone, with zero-days filled, so the chart has no gaps. A session counts on the day it
  // begins; loads of the day before `from` are read too, so a session running past midnight is not counted twice.
  const perDay = await sql<{ day: string; sessions: number; users: number }>`
    WITH loads AS (
      SELECT user_oid, occurred_at,
             lag(occurred_at) OVER (PARTITION BY user_oid ORDER BY occurred_at) AS previous
      FROM analytics_event
      WHERE kind = 'login'
        AND occurred_at >= ((${from}::date - 1)::timestamp AT TIME ZONE ${zone})
        AND occurred_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${zone})
    ), sessions AS (
      SELECT user_oid, (occurred_at AT TIME ZONE ${zone})::date AS day FROM loads
      WHERE previous IS NULL OR occurred_at - previous > make_interval(mins => ${SESSION_GAP_MINUTES}::int)
    )
    SELECT to_char(d, 'YYYY-MM-DD') AS day,
           count(s.user_oid)::int AS sessions,
           count(DISTINCT s.user_oid)::int AS users
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
    LEFT JOIN sessions s ON s.day = d::date
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
  return { sessionsPerDay: perDay.rows, activeUsers: active.rows[0], topDownloads: downloads.rows };
}
