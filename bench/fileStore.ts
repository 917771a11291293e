// Usage: `npx tsx bench/fileStore.ts` (BENCH_PORT / BENCH_PG_PORT for the server's ports, default 4310 /
// 55310; FILE_BENCH_SIZES_MB, default "2,20,200"; FILE_BENCH_RUNS, default 3). Starts Azurite (Microsoft's Blob
// Storage emulator, a dev dependency) and the server as its own process with FILE_STORE=azure on a small data
// set in /tmp, then uploads and downloads a file of each size through the app's HTTP API
// (kunde/uploadFile, kunde/downloadFile), sampling the server's resident memory every 50 ms. Prints time,
// throughput and the server's peak RSS above its level before each transfer: it must not grow with the size.
// Directly against the instance by default; FILE_BENCH_NGINX=true runs it through the production topology
// instead (scripts/topology: nginx with TLS and HTTP/2 in front of one instance on an external PostgreSQL;
// FILE_BENCH_PORT, default 4175, for nginx, the instance and PostgreSQL on the ports that follow it).
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { startTopology } from '../scripts/topology/topology';
import { loadOrCreateDevIdpKeys } from '../server/dev/devIdp/devIdpKeys';
import { startAzurite } from '../tests/support/azurite';
import { signAccessToken } from '../tests/support/tokens';
import { ensureDataSet, rssMbOf, startBenchServer, type BenchServer } from './benchServer';
import { summarise } from './figures';

const sizesMb = (process.env.FILE_BENCH_SIZES_MB ?? '2,20,200').split(',').map(Number);
const runs = Number(process.env.FILE_BENCH_RUNS ?? 3);
const viaNginx = process.env.FILE_BENCH_NGINX === 'true';
const work = await mkdtemp(path.join(tmpdir(), 'fenster-crm-file-bench-'));
// The embedded PostgreSQL may run as another user (when started as root): it must reach its folder inside.
await chmod(work, 0o755);
const azurite = await startAzurite();

/** A file of `mb` MB of random bytes (nothing to compress) and its SHA-256. */
async function makeFile(mb: number) {
  const file = path.join(work, `plan-${mb}.pdf`);
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  for (let i = 0; i < mb; i++) {
    const chunk = randomBytes(1024 * 1024);
    hash.update(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { file, sha256: hash.digest('hex') };
}

/** Runs `transfer` while sampling the process's RSS; answers its time and the peak above the level before. */
async function measured<T>(pid: number, transfer: () => Promise<T>) {
  const before = await rssMbOf(pid);
  let peak = before;
  const sampler = setInterval(() => void rssMbOf(pid).then((mb) => (peak = Math.max(peak, mb))), 50);
  const started = performance.now();
  try {
    const result = await transfer();
    return { ms: performance.now() - started, peakAboveMb: Math.max(0, peak - before), before, result };
  } finally {
    clearInterval(sampler);
  }
}

/** One request whose body (a form) streams from disk and whose answer is read as a stream. */
type Send = (
  method: string,
  url: string,
  headers: Record<string, string>,
  form?: FormData,
) => Promise<IncomingMessage>;

function sender(ca?: Buffer): Send {
  const agent = ca ? new Agent({ ca, keepAlive: true }) : undefined;
  return (method, url, headers, form) =>
    new Promise((resolve, reject) => {
      // A Response turns the form into its multipart stream and content type without reading the file.
      const encoded = form ? new Response(form) : undefined;
      const options = {
        method,
        headers: {
          ...headers,
          ...(encoded ? { 'content-type': encoded.headers.get('content-type')! } : {}),
        },
      };
      const req = url.startsWith('https:')
        ? httpsRequest(url, { ...options, agent }, resolve)
        : httpRequest(url, options, resolve);
      req.on('error', reject);
      if (encoded?.body) Readable.fromWeb(encoded.body as import('node:stream/web').ReadableStream).pipe(req);
      else req.end();
    });
}

async function jsonOf(response: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return JSON.parse(text);
}

/** The server measured: one instance started directly, or the production topology with nginx in front. */
async function startTarget(): Promise<BenchServer & { send: Send; label: string }> {
  const maxUploadMb = String(Math.max(...sizesMb) + 1);
  const store = {
    FILE_STORE: 'azure',
    AZURE_STORAGE_CONNECTION_STRING: azurite.config.connectionString,
    AZURE_STORAGE_CONTAINER: 'fenster-crm-bench',
    MAX_UPLOAD_MB: maxUploadMb,
  };
  if (viaNginx) {
    const port = Number(process.env.FILE_BENCH_PORT ?? 4175);
    const topology = await startTopology({
      dir: path.join(work, 'topology'),
      port,
      appPorts: [port + 1],
      postgresPort: port + 2,
      seedCustomers: 20,
      accessLog: false,
      env: { ...store, LOG_LEVEL: 'warn' },
    });
    const { signingKey } = await loadOrCreateDevIdpKeys(topology.dataDir);
    return {
      baseUrl: topology.publicUrl,
      databaseUrl: topology.database.url,
      pid: topology.instances[0]!.process!.pid!,
      token: await signAccessToken(signingKey, `${topology.publicUrl}/oidc`, ['APP_KUNDE', 'APP_ADMIN']),
      stop: topology.stop,
      send: sender(readFileSync(topology.certFile)),
      label: `über nginx (TLS, HTTP/1.1 zum Client), Instanz-PID ${topology.instances[0]!.process!.pid}`,
    };
  }
  Object.assign(process.env, store);
  const options = {
    dataDir: path.join(work, 'data'),
    port: Number(process.env.BENCH_PORT ?? 4310),
    pgPort: Number(process.env.BENCH_PG_PORT ?? 55310),
    customers: 20,
    tenant: 'strussnig' as const,
  };
  await ensureDataSet(options);
  const server = await startBenchServer(options);
  return { ...server, send: sender(), label: `direkt (ohne nginx), Server-PID ${server.pid}` };
}

try {
  const server = await startTarget();
  try {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const customerId = (await client.query<{ id: number }>('SELECT min(id) AS id FROM customer')).rows[0]!.id;
    await client.end();
    const auth = { authorization: `Bearer ${server.token}` };
    console.log(`Dateispeicher: Azure Blob Storage (Azurite), ${server.label}`);
    for (const mb of sizesMb) {
      const { file, sha256 } = await makeFile(mb);
      const up: number[] = [];
      const down: number[] = [];
      const upRss: number[] = [];
      const downRss: number[] = [];
      let rssBefore = 0;
      for (let run = 0; run < runs; run++) {
        const upload = await measured(server.pid, async () => {
          const form = new FormData();
          // openAsBlob: the form streams the file from disk; this process never holds it either.
          form.append('file', await openAsBlob(file), `Plan ${mb} MB.pdf`);
          const response = await server.send(
            'POST',
            `${server.baseUrl}/api/kunde/uploadFile/${customerId}`,
            auth,
            form,
          );
          const body = (await jsonOf(response)) as { result: { id: number; size: number } };
          if (response.statusCode !== 200) throw new Error(`Upload ${mb} MB: HTTP ${response.statusCode}`);
          if (body.result.size !== mb * 1024 * 1024)
            throw new Error(`Upload ${mb} MB: Größe ${body.result.size}`);
          return body.result.id;
        });
        const download = await measured(server.pid, async () => {
          const response = await server.send(
            'GET',
            `${server.baseUrl}/api/kunde/downloadFile/${upload.result}`,
            auth,
          );
          if (response.statusCode !== 200) throw new Error(`Download ${mb} MB: HTTP ${response.statusCode}`);
          const hash = createHash('sha256');
          for await (const part of response) hash.update(part as Buffer);
          if (hash.digest('hex') !== sha256) throw new Error(`Download ${mb} MB: andere Bytes`);
        });
        (
          await server.send('DELETE', `${server.baseUrl}/api/kunde/deleteFile/${upload.result}`, auth)
        ).resume();
        up.push(upload.ms);
        down.push(download.ms);
        upRss.push(upload.peakAboveMb);
        downRss.push(download.peakAboveMb);
        rssBefore = upload.before;
      }
      const line = (what: string, times: number[], rss: number[]) => {
        const t = summarise(times);
        const r = summarise(rss);
        const mbPerS = mb / (t.median / 1000);
        return (
          `${what} ${String(mb).padStart(4)} MB: Median ${t.median.toFixed(0)} ms (${t.min.toFixed(0)}–` +
          `${t.max.toFixed(0)}, ${t.runs} Läufe), ${mbPerS.toFixed(1)} MB/s; RSS-Spitze über Ausgangswert: ` +
          `Median ${r.median.toFixed(1)} MB (max. ${r.max.toFixed(1)})`
        );
      };
      console.log(line('Hochladen  ', up, upRss));
      console.log(line('Herunterladen', down, downRss));
      console.log(`  (RSS des Servers vor dem letzten Lauf: ${rssBefore.toFixed(0)} MB)`);
      await rm(file, { force: true });
    }
  } finally {
    await server.stop();
  }
} finally {
  await azurite.close();
  await rm(work, { recursive: true, force: true });
}
