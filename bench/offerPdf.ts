// Usage: `DATA_DIR=/tmp/bench-data npx tsx bench/offerPdf.ts` (or with DATABASE_URL) — makes the simplified
// offer of a 40-position Angebot (pdf/pdfGen's code: database reads, template, totals, pdfkit) 30 times after
// 3 warm-ups and prints median and p95, for the database's tenant (TENANT, as the server reads it: a Rekord
// offer needs a database seeded for Rekord, `npm run seed -- --tenant rekord`, since the company data, not
// only the logo, come from it; `npm run bench` does that). Target: median under 300 ms. With OFFER_PDF_OUT=<dir>
// it also writes one PDF per tenant there (to look at with `pdftoppm -png`). The CPU time (this process's
// user + system time) is printed too: on a busy machine it says what the wall-clock time cannot.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeSimplifiedOffer } from '../server/offerPdf/simplifiedOffer';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { createOfferFixture } from '../tests/api/offerPdf/offerFixture';

const RUNS = 30;
const WARM_UPS = 3;
const caller = {
  oid: 'bench-offer',
  tid: 'bench',
  name: 'Bench Verkauf',
  username: 'bench',
  groups: ['APP_KUNDE'],
};

const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);
try {
  await migrateToLatest(db);
  const fixture = await createOfferFixture(db, `B${Date.now()}`, 40);
  {
    const tenant = config.tenant;
    const services = {
      db,
      tenantId: tenant,
      timeZone: config.timeZone,
      log: { warn: () => undefined },
    };
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let pdf: Buffer = Buffer.alloc(0);
    for (let run = 0; run < WARM_UPS + RUNS; run++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      pdf = (await makeSimplifiedOffer(services, caller, fixture.belegId)).pdf;
      const used = process.cpuUsage(cpu);
      if (run >= WARM_UPS) {
        times.push(performance.now() - started);
        cpuTimes.push((used.user + used.system) / 1000);
      }
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    console.log(
      `${tenant}: 40 Positionen, ${(pdf.length / 1024).toFixed(0)} kB – Median ${median.toFixed(0)} ms, ` +
        `p95 ${p95.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, CPU-Zeit Median ` +
        `${cpuTimes[Math.floor(cpuTimes.length / 2)]!.toFixed(0)} ms (Ziel: Median < 300 ms) ` +
        (median < 300 ? 'OK' : 'ZU LANGSAM'),
    );
    if (process.env.OFFER_PDF_OUT) {
      await mkdir(process.env.OFFER_PDF_OUT, { recursive: true });
      await writeFile(path.join(process.env.OFFER_PDF_OUT, `angebot-${tenant}.pdf`), pdf);
    }
  }
} finally {
  await db.destroy();
  await embedded?.stop();
}
