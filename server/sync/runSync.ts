import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ValidationError } from 'yup';
import type { Database } from '../platform/db/database';
import type { CountryCode } from '../../src/resources/country.rules';
import type { ReportProgress } from '../platform/jobs/trackedRun';
import { RejectedRow, SuppressedRow, type ImportFile, type SyncLookups } from './importFile';
import { IMPORT_FILES } from './importFiles';
import { countRows, readRows } from './readRows';
import type { RowOutcome } from './upsertRowQueries';

/** An import file found in the folder. */
export interface FoundFile {
  kind: ImportFile;
  path: string;
  size: number;
  modifiedAt: string;
}

/** The import files present in the folder, in reading order (`.csv` before `.jsonl` of the same name). */
export async function findImportFiles(dir: string): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  for (const kind of IMPORT_FILES) {
    for (const extension of ['.csv', '.jsonl']) {
      const file = path.join(dir, `${kind.name}${extension}`);
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        found.push({ kind, path: file, size: info.size, modifiedAt: info.mtime.toISOString() });
        break;
      }
    }
  }
  return found;
}

type Level = 'info' | 'warnung' | 'fehler';
type Counts = Record<RowOutcome | 'rejected' | 'suppressed', number>;

const PROGRESS_EVERY = 200;

const reasonOf = (error: unknown): string | null => {
  if (error instanceof ValidationError) return error.errors.join(' ');
  if (error instanceof RejectedRow) return error.message;
  // A database refusal of one row (e.g. a value out of range) rejects the row, not the run.
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) {
    return `Die Datenbank lehnt die Zeile ab: ${String((error as { message: unknown }).message)}`;
  }
  return null;
};

async function loadLookups(db: Database): Promise<SyncLookups> {
  const goods = await db.selectFrom('goods_group').select(['code', 'id']).execute();
  const branches = await db
    .selectFrom('branch')
    .select(['code', 'id', 'country'])
    .where('code', 'is not', null)
    .execute();
  return {
    goodsGroups: new Map(goods.map((r) => [r.code.toLowerCase(), r.id])),
    branches: new Map(branches.map((r) => [r.code!.toLowerCase(), r.id])),
    branchCountries: new Map(branches.map((r) => [r.code!.toLowerCase(), r.country])),
  };
}

/**
 * Reads the ERP export in the import folder row by row and writes what changed: a bad row is logged with
 * file, line and reason and skipped, the good rows are kept. With `logging`, every created or changed row
 * is logged too.
 */
export async function runSync(
  db: Database,
  runId: number,
  files: readonly FoundFile[],
  options: { logging: boolean; by: string; homeCountry: CountryCode },
  report: ReportProgress,
): Promise<void> {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0, rejected: 0, suppressed: 0 };
  const log = async (level: Level, file: string | null, line: number | null, message: string) => {
    await db.insertInto('etl_sync_log').values({ run_id: runId, level, file, line, message }).execute();
  };
  const saveCounts = async (currentFile: string | null) => {
    await db
      .updateTable('etl_sync_run')
      .set({
        created_rows: counts.created,
        updated_rows: counts.updated,
        unchanged_rows: counts.unchanged,
        rejected_rows: counts.rejected,
        suppressed_rows: counts.suppressed,
        current_file: currentFile,
      })
      .where('id', '=', runId)
      .execute();
  };

  let total = 0;
  for (const file of files) total += await countRows(file.path);
  await report(0, total);
  const lookups = await loadLookups(db);
  let processed = 0;
  for (const file of files) {
    const name = path.basename(file.path);
    const before = { ...counts };
    await saveCounts(name);
    await log('info', name, null, `${name}: wird gelesen.`);
    for await (const item of readRows(file.path)) {
      processed++;
      try {
        if (item.problem !== undefined) throw new RejectedRow(item.problem);
        const row = (await file.kind.schema.validate(item.row, {
          abortEarly: false,
          stripUnknown: true,
          // A customer without Land is in its Filiale's country, else the tenant's (phone numbers read in it).
          context: { homeCountry: options.homeCountry, branchCountries: lookups.branchCountries },
        })) as Record<string, unknown>;
        // One transaction per row: what it writes and its Änderungsverlauf stay or go together.
        const outcome = await db
          .transaction()
          .execute((trx) => file.kind.apply(trx, row, lookups, options.by));
        counts[outcome]++;
        if (options.logging && outcome !== 'unchanged') {
          await log(
            'info',
            name,
            item.line,
            `${file.kind.describe(row)} ${outcome === 'created' ? 'angelegt' : 'geändert'}.`,
          );
        }
      } catch (error) {
        if (error instanceof SuppressedRow) {
          counts.suppressed++;
          await log(
            'warnung',
            name,
            item.line,
            `${file.kind.describe(item.row ?? {})} übersprungen (${error.message}): nach Art. 17 DSGVO gelöscht. Bitte löschen Sie die Person auch im ERP.`,
          );
        } else {
          const reason = reasonOf(error);
          if (reason === null) throw error;
          counts.rejected++;
          await log('fehler', name, item.line, reason);
        }
      }
      if (processed % PROGRESS_EVERY === 0) {
        await report(processed, total);
        await saveCounts(name);
      }
    }
    const delta = (key: keyof Counts) => (counts[key] - before[key]).toLocaleString('de-DE');
    await log(
      counts.rejected > before.rejected ? 'warnung' : 'info',
      name,
      null,
      `${name}: ${delta('created')} neu, ${delta('updated')} geändert, ${delta('unchanged')} unverändert, ${delta('rejected')} abgelehnt${counts.suppressed > before.suppressed ? `, ${delta('suppressed')} übersprungen (nach DSGVO gelöscht)` : ''}.`,
    );
  }
  await report(processed, Math.max(total, processed));
  await saveCounts(null);
}
