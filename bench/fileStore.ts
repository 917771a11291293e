// Usage: `npx tsx bench/fileStore.ts` (BENCH_PORT / BENCH_PG_PORT for the server's ports, default 4310 /
// 55310; FILE_BENCH_SIZES_MB, default "2,20,200"; FILE_BENCH_RUNS, default 3). Starts Azurite (Microsoft's Blob
// Storage emulator, a dev dependency) and the server as its own process with FILE_STORE=azure on a small data
// set in /tmp, then uploads and downloads a file of each size through the app's HTTP API
// (kunde/uploadFile, kunde/downloadFile), sampling the server's resident memory every 50 ms. Prints time,
// throughput and the server's peak RSS above its level before each transfer: it must not grow with the size.
// Directly against the instance (no nginx in front): the production topology's proxy is not part of this run.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { startAzurite } from '../tests/support/azurite';
import { ensureDataSet, rssMbOf, startBenchServer } from './benchServer';
import { summarise } from './figures';

const sizesMb = (process.env.FILE_BENCH_SIZES_MB ?? '2,20,200').split(',').map(Number);
const runs = Number(process.env.FILE_BENCH_RUNS ?? 3);
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

try {
  Object.assign(process.env, {
    FILE_STORE: 'azure',
    AZURE_STORAGE_CONNECTION_STRING: azurite.config.connectionString,
    AZURE_STORAGE_CONTAINER: 'fenster-crm-bench',
    MAX_UPLOAD_MB: String(Math.max(...sizesMb) + 1),
  });
  const options = {
    dataDir: path.join(work, 'data'),
    port: Number(process.env.BENCH_PORT ?? 4310),
    pgPort: Number(process.env.BENCH_PG_PORT ?? 55310),
    customers: 20,
    tenant: 'strussnig' as const,
  };
  await ensureDataSet(options);
  const server = await startBenchServer(options);
  try {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const customerId = (await client.query<{ id: number }>('SELECT min(id) AS id FROM customer')).rows[0]!.id;
    await client.end();
    const auth = { authorization: `Bearer ${server.token}` };
    console.log(`Dateispeicher: Azure Blob Storage (Azurite), Server-PID ${server.pid}, direkt (ohne nginx)`);
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
          // openAsBlob: fetch streams the file from disk; this process never holds it either.
          form.append('file', await openAsBlob(file), `Plan ${mb} MB.pdf`);
          const response = await fetch(`${server.baseUrl}/api/kunde/uploadFile/${customerId}`, {
            method: 'POST',
            headers: auth,
            body: form,
          });
          const body = (await response.json()) as { result: { id: number; size: number } };
          if (!response.ok) throw new Error(`Upload ${mb} MB: HTTP ${response.status}`);
          if (body.result.size !== mb * 1024 * 1024)
            throw new Error(`Upload ${mb} MB: Größe ${body.result.size}`);
          return body.result.id;
        });
        const download = await measured(server.pid, async () => {
          const response = await fetch(`${server.baseUrl}/api/kunde/downloadFile/${upload.result}`, {
            headers: auth,
          });
          if (!response.ok || !response.body) throw new Error(`Download ${mb} MB: HTTP ${response.status}`);
          const hash = createHash('sha256');
          const reader = response.body.getReader();
          for (let part = await reader.read(); !part.done; part = await reader.read())
            hash.update(part.value);
          if (hash.digest('hex') !== sha256) throw new Error(`Download ${mb} MB: andere Bytes`);
        });
        await fetch(`${server.baseUrl}/api/kunde/deleteFile/${upload.result}`, {
          method: 'DELETE',
          headers: auth,
        });
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
