import type { FastifyInstance } from 'fastify';

export interface DrainTimes {
  /** How long readiness answers 503 while the instance still serves, so load balancers stop sending first. */
  delayMs: number;
  /** How long requests in flight may take to finish; then their connections are closed. */
  timeoutMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the instance without failing a request: readiness goes to 503, after `delayMs` the listener closes
 * (new connections are refused, so a proxy tries another instance), the event streams end with a reconnect
 * hint (preClose of the Kanban hub), requests in flight finish within `timeoutMs`, then the onClose hooks
 * run (background jobs, idempotency sweeper).
 */
export async function drainAndClose(app: FastifyInstance, times: DrainTimes): Promise<void> {
  app.lifecycle.draining = true;
  app.log.info({ delayMs: times.delayMs }, 'Herunterfahren: Bereitschaft 503, Anfragen laufen weiter');
  if (times.delayMs > 0) await pause(times.delayMs);
  app.log.info({ timeoutMs: times.timeoutMs }, 'Herunterfahren: keine neuen Verbindungen mehr');
  const force = setTimeout(() => {
    app.log.warn('Herunterfahren: laufende Anfragen nach der Frist abgebrochen');
    app.server.closeAllConnections();
  }, times.timeoutMs);
  force.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(force);
  }
}
