import { sql } from 'kysely';
import type { Database } from '../db/database';
import { defineJob } from '../jobs/defineJob';

/** A window's count after one more hit, and the milliseconds until the window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Counts one hit of `key` in PostgreSQL, shared by every instance: one upsert that starts a new window when
 * the old one has ended. Answers the count so far in the window and its remaining time.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<WindowCount> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    INSERT INTO rate_limit_hit AS r (key, hits, window_ends)
    VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_ends <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      window_ends = CASE WHEN r.window_ends <= clock_timestamp() THEN excluded.window_ends ELSE r.window_ends END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM r.window_ends - clock_timestamp()) * 1000))::int AS ttl`.execute(
    db,
  );
  return { current: rows[0]!.hits, ttl: rows[0]!.ttl };
}

type Callback = (error: Error | null, result?: WindowCount) => void;

/**
 * A store for @fastify/rate-limit whose counters live in `rate_limit_hit`, so a limit holds per person or
 * address across all instances (the built-in store counts per process). Each route gets its own keys.
 */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore {
    private prefix = '';

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // @fastify/rate-limit makes one child per limited route and passes that route's options.
    child(options: object) {
      const { method, url } =
        (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const store = new PostgresRateLimitStore();
      store.prefix = `${[method].flat().join(',')} ${url ?? ''}|`;
      return store;
    }
  };
}

/** Forgets counters whose window ended; every 10 minutes, once across all instances. */
export const pruneRateLimitHits = defineJob({
  name: 'platform.pruneRateLimitHits',
  label: 'Zähler der Ratenbegrenzung aufräumen',
  schedule: '*/10 * * * *',
  policy: 'singleton',
  run: async (_data, { app }) => {
    const result = await sql`DELETE FROM rate_limit_hit WHERE window_ends < now()`.execute(app.db);
    return Number(result.numAffectedRows ?? 0);
  },
});
