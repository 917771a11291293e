import { createParser } from 'eventsource-parser';
import { pathOf } from '../../api/endpoint';
import type { StreamOptions } from '../../dataProvider/httpClient';
import { getNotificationEvents } from '../notifications/notifications.endpoints';

const MAX_PAUSE_MS = 15_000;
/** The server sends a comment every 15 s; this long a silence means the connection is dead. */
const SILENCE_MS = 40_000;

/**
 * Reads the person's notification stream (Server-Sent Events over fetch, with the token) and calls `onChange`
 * for each new notification and after each reconnect (something may have come meanwhile). Reconnects with a
 * growing pause; answers a function that stops it. Loaded after the first page is drawn (the bell, Mein Tag's light page).
 */
export function startNotificationLive(
  stream: (path: string, options: StreamOptions) => Promise<Response>,
  onChange: () => void,
): () => void {
  let stopped = false;
  let controller = new AbortController();
  let failures = 0;
  let pause: ReturnType<typeof setTimeout> | undefined;

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
        if (message.event === 'notification' || message.event === 'reload') onChange();
      },
      onComment: alive,
    });
    try {
      const response = await stream(pathOf(getNotificationEvents), { signal: controller.signal });
      if (failures > 0) onChange();
      failures = 0;
      alive();
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // Cut off or refused: tried again below unless stopped.
    } finally {
      clearTimeout(silence);
    }
  }

  void (async () => {
    while (!stopped) {
      await readOnce();
      if (stopped) break;
      failures += 1;
      await new Promise<void>((resolve) => {
        pause = setTimeout(resolve, Math.min(MAX_PAUSE_MS, 500 * 2 ** Math.min(failures, 5)));
      });
    }
  })();

  return () => {
    stopped = true;
    clearTimeout(pause);
    controller.abort();
  };
}
