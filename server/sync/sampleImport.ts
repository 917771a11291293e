import { cp, stat } from 'node:fs/promises';
import path from 'node:path';

/** The small ERP export shipped with the project (docs/import-format.md describes it). */
export const SAMPLE_IMPORT_DIR = path.resolve(import.meta.dirname, '..', '..', 'sample-import');

/** Copies the sample export into an import folder that does not exist yet; an existing one is left alone. */
export async function provideSampleImport(importDir: string): Promise<void> {
  if (await stat(importDir).catch(() => undefined)) return;
  await cp(SAMPLE_IMPORT_DIR, importDir, { recursive: true });
}
