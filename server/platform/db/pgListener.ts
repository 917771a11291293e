import pg from 'pg';

/** What a listener reports: each notification's payload, and every (re)connection (to catch up what was missed). */
export interface PgListenerHandlers {
  onNotification: (payload: string) => void;
  /** After LISTEN is in place, first and after every reconnect: notifications sent while away are lost. */
  onListening: () => void;
  log?: (message: string) => void;
}

/** A LISTEN on one channel over a dedicated connection; `close` ends it for good. */
export interface PgListener {
  /** Whether LISTEN is in place right now. */
  readonly listening: boolean;
  close: () => Promise<void>;
}

const RETRY_MS = [250, 500, 1000, 2000, 5000];

/**
 * Listens on a PostgreSQL channel over a connection of its own (not the pool: a pooled connection goes back
 * and forgets its LISTEN). When the connection drops (database restart, failover, network), it reconnects
 * with growing pauses and LISTENs again; `onListening` then lets the owner read what it missed.
 */
export function listenOn(
  connectionString: string,
  channel: string,
  handlers: PgListenerHandlers,
): PgListener {
  let client: pg.Client | undefined;
  let closed = false;
  let listening = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const pause = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, pause);
    retry.unref();
  };

  const dropped = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = undefined;
    listening = false;
    if (closed) return;
    handlers.log?.(`LISTEN ${channel}: Verbindung getrennt (${reason}), neuer Versuch.`);
    current.removeAllListeners();
    current.on('error', () => undefined);
    void current.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect() {
    const current = new pg.Client({ connectionString, keepAlive: true });
    client = current;
    current.on('error', (error) => dropped(current, error.message));
    current.on('end', () => dropped(current, 'beendet'));
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed || client !== current) return;
      listening = true;
      failures = 0;
      handlers.onListening();
    } catch (error) {
      dropped(current, error instanceof Error ? error.message : String(error));
    }
  }

  void connect();
  return {
    get listening() {
      return listening;
    },
    close: async () => {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
