import { cp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../platform/config/envValues';

/** The small ERP export shipped with the project (docs/import-format.md describes it). */
export const SAMPLE_IMPORT_DIR = path.join(PROJECT_ROOT, 'sample-import');

/**
 * Copies the sample export into an import folder that does not exist yet; an existing one is left alone.
 * Instances that share a data folder may start at the same moment: each copies beside the folder and renames,
 * the first rename wins and the others drop their copy.
 */
export async function provideSampleImport(importDir: string): Promise<void> {
  if (await stat(importDir).catch(() => undefined)) return;
  const copy = `${importDir}.${process.pid}.tmp`;
  await cp(SAMPLE_IMPORT_DIR, copy, { recursive: true });
  try {
    await rename(copy, importDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
