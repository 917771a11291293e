// Exports against a bare exceljs stream: the server's Excel download of all customers (kunde/exportExcel) and
// of the newest 100,000 Vorgänge (vorgang/exportVorgangExcel, filtered by their creation day), timed over HTTP
// with the server's resident memory sampled every 50 ms, against a bare exceljs streaming writer in this process
// writing the same rows (the same SQL, read from a cursor in batches of 1,000, values written as they come).
// Budget: ≤ 1.2× in time; the server's peak memory must not grow with the row count (about 25,000 rows against
// 100,000). EXPORT_RUNS (default 2; a run and its reference take 25–30 s) runs of the 100,000-row exports and
// their references; the smaller exports, there for the memory, run once.
// Usage: inside `npm run bench` (bench/run.ts), or `npx tsx bench/exportVsBare.ts http://localhost:<port>`
// against a running server (DATA_DIR / EMBEDDED_PG_PORT or DATABASE_URL of its database; pid via SERVER_PID).
import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import pg from 'pg';
import customerEntity from '../src/resources/customers/customer.entity';
import { exportQuery as customerExportQuery } from '../server/customers/customerQueries';
import { parseListParams } from '../server/platform/entities/listQuery';
import { openDatabase } from '../server/platform/db/database';
import { vorgangExport } from '../server/vorgaenge/exportVorgaenge';
import { rssMbOf } from './benchServer';
import type { BenchFigure } from './figures';
import { summarise } from './figures';
import { isMain, printFigures } from './printFigures';

const RUNS = Number(process.env.EXPORT_RUNS ?? 2);
const LEAD_OID = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0002';

interface ExportServer {
  baseUrl: string;
  databaseUrl: string;
  token: string;
  zone: string;
  /** The server process, for its resident memory; without it no memory figure. */
  pid?: number;
}

/** Downloads one export, counting bytes, with the server's peak RSS growth over its RSS before. */
async function download(server: ExportServer, url: string) {
  const before = server.pid ? await rssMbOf(server.pid) : 0;
  let peak = before;
  const sampler = setInterval(() => {
    if (server.pid) void rssMbOf(server.pid).then((mb) => (peak = Math.max(peak, mb)));
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(`${server.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
    let bytes = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
    return { ms: performance.now() - started, bytes, growthMb: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

/** The bare reference: the same rows from a cursor into exceljs's streaming writer, nothing in between. */
async function bareExport(databaseUrl: string, query: { sql: string; parameters: readonly unknown[] }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
    const sheet = workbook.addWorksheet('Daten');
    await client.query('BEGIN');
    await client.query(`DECLARE bare NO SCROLL CURSOR FOR ${query.sql}`, query.parameters as unknown[]);
    for (;;) {
      const batch = await client.query({ text: 'FETCH 1000 FROM bare', rowMode: 'array' });
      for (const row of batch.rows as unknown[][]) sheet.addRow(row).commit();
      if (batch.rows.length < 1000) break;
    }
    await client.query('COMMIT');
    sheet.commit();
    await workbook.commit();
  } finally {
    await client.end();
  }
  return { ms: performance.now() - started };
}

/** How many rows an export's query gives. */
async function countRows(databaseUrl: string, query: { sql: string; parameters: readonly unknown[] }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${query.sql}) AS export`,
      query.parameters as unknown[],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** The company day from which on about `rows` Vorgänge were created (the Vorgänge export's 100,000 and 25,000). */
async function newestDay(databaseUrl: string, rows: number, zone: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ day: string }>(
      `SELECT to_char(created_at AT TIME ZONE $1, 'YYYY-MM-DD') AS day FROM vorgang
       ORDER BY created_at DESC OFFSET $2 LIMIT 1`,
      [zone, rows],
    );
    return found[0]?.day ?? '2000-01-01';
  } finally {
    await client.end();
  }
}

/** Time and memory of both exports (all rows and about a quarter) against the bare exceljs stream. */
export async function runExportVsBare(
  server: ExportServer,
  onCase?: (name: string) => void,
): Promise<BenchFigure[]> {
  const db = openDatabase(server.databaseUrl, 2);
  const figures: BenchFigure[] = [];
  try {
    const branch = (
      await db.selectFrom('branch').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
    ).id;
    const customerParams = (filter: Record<string, unknown>) =>
      parseListParams(
        customerEntity,
        { sort: 'displayName', order: 'ASC', filter: JSON.stringify(filter) },
        LEAD_OID,
      );
    // Each smaller export right after its 100,000-row one: it runs once, in a server its big sibling warmed up
    // (the very first export of a fresh server allocates 50–100 MB that later ones reuse).
    const cases = [
      {
        name: 'Kunden-Export (alle)',
        full: true,
        url: `/api/kunde/exportExcel?${new URLSearchParams({ sort: 'displayName', order: 'ASC', filter: '{}' })}`,
        query: customerExportQuery(customerParams({}), server.zone).compile(db),
      },
      {
        name: 'Kunden-Export (eine Filiale)',
        full: false,
        url: `/api/kunde/exportExcel?${new URLSearchParams({ sort: 'displayName', order: 'ASC', filter: JSON.stringify({ branchId: branch }) })}`,
        query: customerExportQuery(customerParams({ branchId: branch }), server.zone).compile(db),
      },
      ...(await Promise.all(
        [100_000, 25_000].map(async (rows) => {
          const createdFrom = await newestDay(server.databaseUrl, rows, server.zone);
          return {
            name: `Vorgänge-Export (angelegt ab ${createdFrom})`,
            full: rows === 100_000,
            url: `/api/vorgang/exportVorgangExcel?createdFrom=${createdFrom}`,
            query: (
              await vorgangExport(db, { createdFrom }, { callerOid: LEAD_OID, zone: server.zone })
            ).query.compile(db),
          };
        }),
      )),
    ];
    // The first export of its kind on a fresh server raised its RSS by up to 250 MB, once (the later ones by under
    // 15 MB): the smaller exports once each, untimed, first, so that each figure shows what an export adds to a
    // server that has exported before.
    for (const exportCase of cases) if (!exportCase.full) await download(server, exportCase.url);
    for (const exportCase of cases) {
      const api: number[] = [];
      const bare: number[] = [];
      const growth: number[] = [];
      let bytes = 0;
      for (let run = 0; run < (exportCase.full ? RUNS : 1); run++) {
        const served = await download(server, exportCase.url);
        api.push(served.ms);
        growth.push(served.growthMb);
        bytes = served.bytes;
        if (exportCase.full) bare.push((await bareExport(server.databaseUrl, exportCase.query)).ms);
      }
      onCase?.(exportCase.name);
      const rowCount = await countRows(server.databaseUrl, exportCase.query);
      figures.push({
        name: `${exportCase.name}: ${rowCount.toLocaleString('de-DE')} Zeilen, Zeit`,
        unit: 'ms',
        ...summarise(api),
        note: `${(bytes / 1024 / 1024).toFixed(1)} MB Datei${exportCase.full ? `; bloßes exceljs: Median ${summarise(bare).median.toFixed(0)} ms` : ''}`,
      });
      if (exportCase.full) {
        const ratio = summarise(api).median / summarise(bare).median;
        figures.push({
          name: `${exportCase.name}: Zeit ÷ bloßes exceljs`,
          unit: 'x',
          median: ratio,
          min: Math.min(...api) / Math.max(...bare),
          max: Math.max(...api) / Math.min(...bare),
          runs: RUNS,
          budget: '≤ 1,2×',
          verdict: ratio <= 1.2 ? 'ok' : 'over',
        });
      }
      if (server.pid)
        figures.push({
          name: `${exportCase.name}: Spitzen-RSS des Servers über dem Stand davor`,
          unit: 'MB',
          ...summarise(growth),
          budget: 'wächst nicht mit der Zeilenzahl',
          verdict: 'n/a',
          note: 'mit der Zeile des anderen Umfangs vergleichen (25.000 gegen 100.000 Zeilen)',
        });
    }
  } finally {
    await db.destroy();
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const { benchServerFromEnv } = await import('./benchServer');
  const server = await benchServerFromEnv(process.argv[2] ?? 'http://localhost:3000');
  const pid = process.env.SERVER_PID ? Number(process.env.SERVER_PID) : undefined;
  printFigures(await runExportVsBare({ ...server, pid }, (name) => console.log(`${name}: gemessen`)));
}
