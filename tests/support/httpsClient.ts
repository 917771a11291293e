import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Calls an https server that presents a self-signed certificate (trusted as its own CA), keep-alive. */
export function httpsClient(certFile: string) {
  const agent = new Agent({ ca: readFileSync(certFile), keepAlive: true, maxSockets: 64 });
  const call = (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    /** JSON, or a ready body (Buffer) whose content-type `headers` name. */
    body?: unknown,
  ): Promise<HttpsAnswer> =>
    new Promise((resolve, reject) => {
      const raw = Buffer.isBuffer(body);
      const payload = body === undefined ? undefined : raw ? body : JSON.stringify(body);
      const req = request(
        url,
        {
          method,
          agent,
          headers: payload && !raw ? { ...headers, 'content-type': 'application/json' } : headers,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  /** Reads an event stream; `events` fills with each `event: moved` data object as it arrives. */
  const stream = (url: string, headers: Record<string, string>) => {
    const events: { event: string; data: string }[] = [];
    let status = 0;
    let close = () => {};
    const opened = new Promise<void>((resolve, reject) => {
      const req = request(url, { agent: new Agent({ ca: readFileSync(certFile) }), headers }, (res) => {
        status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data !== undefined) events.push({ event, data });
          }
        });
        resolve();
      });
      req.on('error', reject);
      req.end();
      close = () => req.destroy();
    });
    return { opened, events, status: () => status, close: () => close() };
  };

  return { call, stream, close: () => agent.destroy() };
}
