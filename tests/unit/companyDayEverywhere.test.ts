import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The company's day is computed in one place (src/config/companyTime.ts) with the tenant's zone.
const HOME = 'src/config/companyTime.ts';
const TRICKS = [
  /'sv-SE'/,
  /'en-CA'/,
  /'Europe\/(Vienna|Berlin)'/,
  /getTimezoneOffset\(/,
  // Today from the machine's clock in its own zone: the UTC day, or the browser's month.
  /new Date\(\)\.(toISOString\(\)\.slice|getDate\(|getMonth\(|getDay\()/,
  // A stored instant cut to the database session's day (UTC) in SQL: (x_at AT TIME ZONE ${zone})::date.
  /_at\)?::date\b/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

describe('the company day', () => {
  it('is computed only by companyTime.ts: no locale tricks or fixed zones elsewhere in src/ and server/', () => {
    const offenders = [...sourceFiles('src'), ...sourceFiles('server')]
      .filter((file) => file !== HOME && !file.endsWith('schema.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
          .filter(({ text }) => TRICKS.some((trick) => trick.test(text))),
      )
      .map(({ file, line, text }) => `${file}:${line} ${text}`);
    expect(offenders).toEqual([]);
  });
});
