import { Counter, Histogram } from 'prom-client';

/**
 * The Microsoft 365 figures on /metrics (docs/metrics.md): Graph calls per kind and answer, throttled answers,
 * runs of the calendar jobs and their duration.
 */
export const graphCalls = new Counter({
  name: 'fenster_m365_graph_calls_total',
  help: 'Aufrufe an Microsoft Graph nach Art (termin, delta, mail, abo, batch, sonstige) und Status',
  labelNames: ['kind', 'status'] as const,
});

export const graphThrottled = new Counter({
  name: 'fenster_m365_graph_throttled_total',
  help: 'Antworten 429/503 von Microsoft Graph (danach mit Retry-After erneut versucht)',
  labelNames: ['kind'] as const,
});

export const m365Runs = new Counter({
  name: 'fenster_m365_runs_total',
  help: 'Läufe der Microsoft-365-Aufgaben nach Art (termine, delta, mail) und Ergebnis',
  labelNames: ['kind', 'result'] as const,
});

export const m365RunDuration = new Histogram({
  name: 'fenster_m365_run_duration_seconds',
  help: 'Dauer eines Laufs der Microsoft-365-Aufgaben nach Art',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
});

/** The kind of a Graph call, from its path (bounded labels, never an id). */
export function graphCallKind(url: string): string {
  if (/\/\$batch/.test(url)) return 'batch';
  if (/\/delta/.test(url)) return 'delta';
  if (/\/events/.test(url)) return 'termin';
  if (/\/sendMail/.test(url)) return 'mail';
  if (/\/subscriptions/.test(url)) return 'abo';
  return 'sonstige';
}
