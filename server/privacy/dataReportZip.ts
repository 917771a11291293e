import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { StoredObject } from '../platform/files/storedObjects';
import type { CustomerFile } from './customerDataTypes';

/** The report's parts: the PDF, the machine-readable copy, the files to read from the store. */
export interface DataReportParts {
  pdf: Buffer;
  json: Buffer;
  files: readonly (CustomerFile & { path: string })[];
}

/** Where each file goes in the ZIP: "Dateien/<its name>", a second of the same name as "Name (2).pdf". */
export function zipPaths(files: readonly CustomerFile[]): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    // Characters no file system takes in a name (and control characters, code points below 32).
    const safe =
      [...file.name]
        .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
        .join('')
        .trim() || 'Datei';
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let path = `Dateien/${safe}`;
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `Dateien/${stem} (${n})${extension}`;
    taken.add(path.toLowerCase());
    return path;
  });
}

/**
 * Streams the Auskunft's ZIP into `out`: Auskunft.pdf, daten.json, then each file as the store gives it (one at a
 * time, never a whole file in memory; a file whose bytes are gone is named in a note instead). Ends `out`.
 */
export async function writeDataReportZip(
  out: Writable,
  parts: DataReportParts,
  read: (storedName: string) => Promise<StoredObject>,
): Promise<void> {
  let failed: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const drained = async () => {
    if (failed) throw failed;
    if (out.destroyed) throw new Error('Der Download wurde abgebrochen.');
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const whole = async (
    entry: ZipInputFile & { push: (chunk: Uint8Array, final?: boolean) => void },
    bytes: Uint8Array,
  ) => {
    zip.add(entry);
    entry.push(bytes, true);
    await drained();
  };
  await whole(new ZipPassThrough('Auskunft.pdf'), parts.pdf);
  await whole(new ZipDeflate('daten.json', { level: 6 }), parts.json);
  const missing: string[] = [];
  for (const file of parts.files) {
    let object: StoredObject;
    try {
      object = await read(file.storedName);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw error;
      missing.push(file.path);
      continue;
    }
    const entry = new ZipPassThrough(file.path);
    zip.add(entry);
    for await (const chunk of object.stream) {
      entry.push(chunk as Buffer);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
    await drained();
  }
  if (missing.length) {
    const note = `Diese Dateien sind im Dateispeicher nicht mehr vorhanden:\n${missing.join('\n')}\n`;
    await whole(new ZipPassThrough('Dateien/FEHLENDE-DATEIEN.txt'), new TextEncoder().encode(note));
  }
  zip.end();
  if (failed) throw failed;
}
