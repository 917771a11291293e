/** One Server-Sent Event as the stream sent it (`event` defaults to "message"). */
export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/** An open event stream read with fetch (as the web app reads it: EventSource cannot send a bearer token). */
export interface SseStream {
  status: number;
  headers: Headers;
  /** The answer's text when it refused (no stream). */
  refusal?: string;
  /** Comment lines seen so far (heartbeats, the greeting). */
  comments: string[];
  /** The `retry:` reconnect pauses the server sent, in order. */
  retries: number[];
  /** Resolves when the server has ended the stream (or close() aborted it). */
  ended: Promise<void>;
  /** The next event, or an error after `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<SseMessage>;
  /** Events until one matches, or an error after `timeoutMs`. */
  until: (match: (message: SseMessage) => boolean, timeoutMs?: number) => Promise<SseMessage>;
  close: () => void;
}

/** Opens `url` as an event stream with these headers; a refusal (no stream) answers `status` and no events. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  let markEnded = () => {};
  const endedPromise = new Promise<void>((resolve) => (markEnded = resolve));
  const waiters: (() => void)[] = [];
  let ended = false;

  const parse = (block: string) => {
    const message: SseMessage = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') message.event = value;
      if (field === 'id') message.id = value;
      if (field === 'data') data.push(value);
      if (field === 'retry') retries.push(Number(value));
    }
    message.data = data.join('\n');
    if (data.length) messages.push(message);
  };

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
          waiters.splice(0).forEach((wake) => wake());
        }
      } catch {
        // aborted by close()
      }
      ended = true;
      markEnded();
      waiters.splice(0).forEach((wake) => wake());
    })();
  } else {
    markEnded();
  }

  const until = async (match: (message: SseMessage) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = messages.findIndex(match);
      if (index >= 0) return messages.splice(0, index + 1).at(-1)!;
      if (ended) throw new Error('Der Ereignisstrom ist beendet.');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Kein passendes Ereignis in ${timeoutMs} ms.`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  const refusal = response.ok ? undefined : await response.text();
  return {
    refusal,
    status: response.status,
    headers: response.headers,
    comments,
    retries,
    ended: endedPromise,
    next: (timeoutMs) => until(() => true, timeoutMs),
    until,
    close: () => abort.abort(),
  };
}
