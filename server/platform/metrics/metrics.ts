import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The figures this process exposes on /metrics (Prometheus text format; names and alert thresholds in
 * docs/metrics.md). One set per process, in prom-client's default registry: Prometheus scrapes every
 * instance and adds them up, so nothing here needs to be shared between instances.
 */

// Process figures: CPU, memory, heap, open handles, event-loop lag (nodejs_eventloop_lag_*), GC.
collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'fenster_http_request_duration_seconds',
  help: 'Dauer der HTTP-Anfragen je Route (Muster, nicht Adresse), Methode und Status',
  labelNames: ['method', 'route', 'code'] as const,
  buckets: SECONDS,
});

export const dbQueryDuration = new Histogram({
  name: 'fenster_db_query_duration_seconds',
  help: 'Dauer der SQL-Abfragen über Kysely, nach Ergebnis (ok, fehler)',
  labelNames: ['result'] as const,
  buckets: SECONDS,
});

// Every pool this process opened (one in production; tests open several), read when Prometheus scrapes.
const pools = new Set<{ pool: pg.Pool; max: number }>();

/** Counts a pool's connections on /metrics until it ends. */
export function watchPool(pool: pg.Pool, max: number): void {
  pools.add({ pool, max });
  const end = pool.end.bind(pool);
  pool.end = (() => {
    pools.forEach((entry) => entry.pool === pool && pools.delete(entry));
    return end();
  }) as typeof pool.end;
}

new Gauge({
  name: 'fenster_db_pool_connections',
  help: 'Verbindungen des Datenbank-Pools: offen (total), frei (idle), max; wartende Abfragen (waiting)',
  labelNames: ['state'] as const,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    let max = 0;
    for (const entry of pools) {
      total += entry.pool.totalCount;
      idle += entry.pool.idleCount;
      waiting += entry.pool.waitingCount;
      max += entry.max;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
    this.set({ state: 'max' }, max);
  },
});

// Live event streams (the Kanban board) per hub of this process.
const streamCounts = new Set<() => number>();

/** Reports a hub's open streams on /metrics; answers the call that stops it (when the hub closes). */
export function watchStreams(count: () => number): () => void {
  streamCounts.add(count);
  return () => void streamCounts.delete(count);
}

new Gauge({
  name: 'fenster_sse_clients',
  help: 'Offene Live-Verbindungen (Server-Sent Events der Kartenansicht) dieser Instanz',
  collect() {
    let open = 0;
    for (const count of streamCounts) open += count();
    this.set(open);
  },
});

export const jobRuns = new Counter({
  name: 'fenster_job_runs_total',
  help: 'Läufe der Hintergrundaufgaben je Aufgabe und Ergebnis (ok, fehler, uebersprungen: lief anderswo)',
  labelNames: ['job', 'result'] as const,
});

export const jobDuration = new Histogram({
  name: 'fenster_job_duration_seconds',
  help: 'Dauer der Hintergrundaufgaben je Aufgabe',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
});

/** A job queue's counts per kind, as the library last counted them (every minute). */
export interface JobQueueCounts {
  job: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
}

// Every job queue this process started (one in production; tests start several).
const jobQueues = new Set<() => Promise<JobQueueCounts[]>>();

/** Reports a job queue's counts on /metrics; answers the call that stops it (when the instance drains). */
export function watchJobQueue(counts: () => Promise<JobQueueCounts[]>): () => void {
  jobQueues.add(counts);
  return () => void jobQueues.delete(counts);
}

new Gauge({
  name: 'fenster_jobs',
  help: 'Hintergrundaufgaben je Aufgabe und Zustand: bereit, zurückgestellt (später fällig), laufend, fehlgeschlagen (behalten)',
  labelNames: ['job', 'state'] as const,
  async collect() {
    this.reset();
    for (const counts of jobQueues) {
      const rows = await counts().catch(() => [] as JobQueueCounts[]);
      for (const row of rows) {
        for (const state of ['ready', 'deferred', 'active', 'failed'] as const) {
          this.set({ job: row.job, state }, row[state]);
        }
      }
    }
  },
});

export const jobsRunning = new Gauge({
  name: 'fenster_jobs_running',
  help: 'Hintergrundaufgaben, die diese Instanz gerade ausführt, je Aufgabe (worauf ein Herunterfahren wartet)',
  labelNames: ['job'] as const,
});

/** Times one run of a background job, counts it as ok or fehler and as running on this instance meanwhile. */
export async function measureJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  const stop = jobDuration.startTimer({ job });
  jobsRunning.inc({ job });
  try {
    const result = await run();
    jobRuns.inc({ job, result: 'ok' });
    return result;
  } catch (error) {
    jobRuns.inc({ job, result: 'fehler' });
    throw error;
  } finally {
    jobsRunning.dec({ job });
    stop();
  }
}

export const mailSends = new Counter({
  name: 'fenster_mail_sends_total',
  help: 'Versendete Mails an Kunden je Weg (smtp, mailcatcher) und Ergebnis (ok, fehler)',
  labelNames: ['via', 'result'] as const,
});

export const mailsInFlight = new Gauge({
  name: 'fenster_mail_in_flight',
  help: 'Mails, die gerade an den Mailserver übergeben werden (die Warteschlange des Versands)',
});

export const mailSendDuration = new Histogram({
  name: 'fenster_mail_send_duration_seconds',
  help: 'Dauer der Übergabe einer Mail an den Mailserver',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
});

export const fileStoreErrors = new Counter({
  name: 'fenster_file_store_errors_total',
  help: 'Fehler der Dateiablage je Vorgang (put, get, delete, stat); abgelehnte Uploads zählen nicht',
  labelNames: ['operation'] as const,
});

export const rateLimited = new Counter({
  name: 'fenster_rate_limited_total',
  help: 'Mit 429 abgewiesene Anfragen je Route',
  labelNames: ['route'] as const,
});

/** The exposition of every figure, as Prometheus reads it. */
export const replicaLag = new Gauge({
  name: 'fenster_db_replica_lag_seconds',
  help: 'Wie weit die Lese-Replik hinter der primären Datenbank liegt (seit sie zuletzt aufgeholt hatte)',
});

export const replicaInUse = new Gauge({
  name: 'fenster_db_replica_in_use',
  help: '1, solange Berichte, Exporte, Kennzahlen und Suche von der Replik lesen; 0, wenn sie umgangen wird',
});

export const readsByTarget = new Counter({
  name: 'fenster_db_reads_total',
  help: 'Lesende Anfragen, die eine Replik nutzen dürfen, nach Ziel (replica, primary) und Grund',
  labelNames: ['target', 'reason'] as const,
});

export const metricsText = () => register.metrics();
export const METRICS_CONTENT_TYPE = register.contentType;
