import { sql } from 'kysely';
import type { Database } from '../db/database';
import { dropPartitionsBefore, ensurePartitionsAhead, RATE_LIMIT_TABLE } from '../db/partitionQueries';
import { defineJob } from '../jobs/defineJob';

/** A window's count after one more hit, and the milliseconds until the window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Counts one hit of `key` in PostgreSQL, shared by every instance: one upsert into the current fixed window
 * (windows of `windowMs` counted from the epoch, so one a minute from :00). Answers the count so far in the
 * window and its remaining time. A fixed window, not one starting with the first hit: its end is part of the
 * counter's key, so the table can be partitioned by it and an ended hour dropped whole.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<WindowCount> {
  const seconds = windowMs / 1000;
  const { rows } = await sql<{ hits: number; ttl: number }>`
    INSERT INTO rate_limit_window AS r (key, hits, window_ends)
    VALUES (${key}, 1, to_timestamp((floor(extract(epoch FROM clock_timestamp()) / ${seconds}) + 1) * ${seconds}))
    ON CONFLICT (key, window_ends) DO UPDATE SET hits = r.hits + 1
    RETURNING hits, greatest(0, ceil(extract(epoch FROM r.window_ends - clock_timestamp()) * 1000))::int AS ttl`.execute(
    db,
  );
  return { current: rows[0]!.hits, ttl: rows[0]!.ttl };
}

type Callback = (error: Error | null, result?: WindowCount) => void;

/**
 * A store for @fastify/rate-limit whose counters live in `rate_limit_window`, so a limit holds per person or
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

/**
 * Makes the coming hours' partitions of the counters and drops the hours that have ended (each holds only ended
 * windows); every 10 minutes, once across all instances. Answers the partitions dropped.
 */
export const pruneRateLimitHits = defineJob({
  name: 'platform.pruneRateLimitHits',
  label: 'Zähler der Ratenbegrenzung aufräumen',
  schedule: '*/10 * * * *',
  policy: 'singleton',
  run: async (_data, { app }) => {
    await ensurePartitionsAhead(app.db, RATE_LIMIT_TABLE);
    const dropped = await dropPartitionsBefore(app.db, RATE_LIMIT_TABLE.table, new Date());
    // The previous release's counters (during a rolling update; dropped with the contract release).
    await app.db
      .deleteFrom('rate_limit_hit')
      .where((eb) => eb('window_ends', '<', eb.fn<Date>('now')))
      .execute();
    return dropped;
  },
});
