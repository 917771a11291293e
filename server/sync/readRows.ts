import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** One data row of an import file with its line number, or the reason the line could not be read. */
export type ImportLine =
  | { line: number; row: Record<string, unknown>; problem?: undefined }
  | { line: number; row?: undefined; problem: string };

/**
 * Streams the rows of a CSV file (semicolon-separated, header row, UTF-8, as Excel writes it in German)
 * or a JSON Lines file (one object per line); never the whole file in memory.
 */
export async function* readRows(file: string): AsyncGenerator<ImportLine> {
  if (file.endsWith('.jsonl')) {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let line = 0;
    for await (const text of lines) {
      line++;
      if (text.trim() === '') continue;
      try {
        const row: unknown = JSON.parse(text);
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          yield { line, problem: 'Die Zeile ist kein JSON-Objekt.' };
        } else yield { line, row: row as Record<string, unknown> };
      } catch {
        yield { line, problem: 'Die Zeile ist kein gültiges JSON.' };
      }
    }
    return;
  }
  const parser = createReadStream(file).pipe(
    parse({
      delimiter: ';',
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number; invalid_field_length: number };
  }>) {
    yield { line: info.lines, row: record };
  }
}

/** Counts the data rows of an import file cheaply (for the progress bar): its lines minus a CSV header. */
export async function countRows(file: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (const byte of chunk) if (byte === 10) lines++;
    last = chunk.at(-1) ?? last;
  }
  if (last !== 10) lines++;
  return Math.max(0, file.endsWith('.jsonl') ? lines : lines - 1);
}
