import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { StreamOptions } from '../../dataProvider/httpClient';

/** The server sends a comment at least every 15 s; this long a silence means the connection is dead. */
const SILENCE_MS = 40_000;
const MAX_PAUSE_MS = 15_000;

/** What a live page does with its event stream. */
export interface EventStreamHandlers {
  /** Each event (name, data, id) as it arrives. */
  onEvent: (message: EventSourceMessage) => void;
  /** The stream is open; `again` after a cut-off, when something may have come meanwhile. */
  onOpen?: (again: boolean) => void;
  /** The stream was cut off or refused; it is tried again after a growing pause. */
  onCutOff?: () => void;
  /** Headers for each (re)connect, e.g. `Last-Event-ID` to resume. */
  headers?: () => Record<string, string>;
}

/**
 * Reads a Server-Sent Events stream over fetch (with the token, which EventSource cannot send) and keeps it
 * open: a silence past the server's heartbeat counts as cut off, a cut-off is retried with a growing,
 * jittered pause, and coming back online retries at once. Answers a function that stops it.
 */
export function readEventStream(
  stream: (path: string, options: StreamOptions) => Promise<Response>,
  path: string,
  handlers: EventStreamHandlers,
): () => void {
  let stopped = false;
  let controller = new AbortController();
  let attempts = 0;
  let failures = 0;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  let wake = () => {};

  async function readOnce() {
    controller = new AbortController();
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    const parser = createParser({
      onEvent(message) {
        alive();
        handlers.onEvent(message);
      },
      onComment: alive,
    });
    const again = attempts > 0;
    attempts += 1;
    try {
      const response = await stream(path, { headers: handlers.headers?.() ?? {}, signal: controller.signal });
      failures = 0;
      handlers.onOpen?.(again);
      alive();
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // Cut off, refused or aborted: retried below unless stopped.
    } finally {
      clearTimeout(silence);
    }
  }

  async function run() {
    while (!stopped) {
      await readOnce();
      if (stopped) return;
      handlers.onCutOff?.();
      failures += 1;
      const pause = Math.min(MAX_PAUSE_MS, 500 * 2 ** (failures - 1)) * (0.75 + Math.random() * 0.5);
      await new Promise<void>((resolve) => {
        wake = resolve;
        pauseTimer = setTimeout(resolve, pause);
      });
    }
  }
  // Back online: try at once instead of waiting out the pause.
  const online = () => {
    clearTimeout(pauseTimer);
    failures = 0;
    wake();
  };
  window.addEventListener('online', online);
  void run();
  return () => {
    stopped = true;
    clearTimeout(pauseTimer);
    wake();
    controller.abort();
    window.removeEventListener('online', online);
  };
}
