import { sql } from 'kysely';
import type { Database } from './database';
import { replicaInUse, replicaLag } from '../metrics/metrics';

/** What the instance knows of its read replica: checked every second, by this instance alone. */
export interface ReadReplica {
  db: Database;
  /** Beyond this lag the replica is bypassed; also how long a person's writes make their reads go to the primary. */
  maxLagMs: number;
  /** Whether reads may go to the replica now (it answered the last check and is within the lag). */
  usable: () => boolean;
  /** Seconds the replica is behind (since it last had caught up with the primary), null before the first check. */
  lagSeconds: () => number | null;
  /** Runs one check now (tests; the timer runs them every second). */
  check: () => Promise<void>;
  stop: () => Promise<void>;
}

const CHECK_MS = 1000;

/**
 * Watches a streaming replica of `primary`. Each check reads the primary's WAL position, then the replica's
 * replayed position: when the replica has replayed at least that far, everything committed before the check
 * began is there, and that moment is its "caught up" time. The lag is the time since then, so a replica that
 * stopped replaying (or answers no more) grows older by the second and is bypassed beyond `maxLagMs`.
 */
export function watchReplica(primary: Database, replica: Database, maxLagMs: number): ReadReplica {
  let caughtUpAt: number | undefined;
  let reachable = false;
  let stopped = false;
  const lagSeconds = () => (caughtUpAt === undefined ? null : (Date.now() - caughtUpAt) / 1000);
  const usable = () => {
    const lag = lagSeconds();
    return reachable && lag !== null && lag * 1000 <= maxLagMs;
  };
  const check = async () => {
    const began = Date.now();
    try {
      const { rows: at } = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(
        primary,
      );
      const { rows } = await sql<{ behind: boolean }>`
        SELECT coalesce(pg_last_wal_replay_lsn() < ${at[0]!.lsn}::pg_lsn, true) AS behind`.execute(replica);
      reachable = true;
      if (!rows[0]!.behind) caughtUpAt = began;
    } catch {
      reachable = false;
    }
    replicaLag.set(lagSeconds() ?? -1);
    replicaInUse.set(usable() ? 1 : 0);
  };
  let running: Promise<void> = check();
  const timer = setInterval(() => {
    if (!stopped) running = running.then(check);
  }, CHECK_MS);
  timer.unref();
  return {
    db: replica,
    maxLagMs,
    usable,
    lagSeconds,
    check: () => (running = running.then(check)),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      replicaInUse.set(0);
      await replica.destroy();
    },
  };
}
