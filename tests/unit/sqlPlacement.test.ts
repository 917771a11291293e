import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, run on made-up server files: raw SQL lives only in *Queries.ts files and
// server/platform/, the typed query builder anywhere (server/platform/db/README.md).
const eslint = new ESLint({ cwd: process.cwd() });

async function sqlErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const rawStatement = `import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
export const names = (db: Database) =>
  sql<{ name: string }>\`SELECT name FROM label WHERE id = \${1}\`.execute(db);
`;
const rawHelper = `import { sql } from 'kysely';
export const column = (name: string) => sql.ref(name);
`;
const builder = `import type { Database } from '../platform/db/database';
export const names = (db: Database) => db.selectFrom('label').select('name').where('id', '=', 1).execute();
`;

// The first lint loads ESLint's plugins (the React Compiler's among them): seconds on a busy machine.
describe('where SQL lives (eslint.config.js)', { timeout: 30_000 }, () => {
  it('refuses raw sql in a route, handler or job file, at every folder depth', async () => {
    expect(await sqlErrors('server/labels/newLabelRoutes.ts', rawStatement)).toEqual([
      expect.stringMatching(/Queries\.ts/),
    ]);
    expect(await sqlErrors('server/vorgaenge/kanban/newJob.ts', rawStatement)).toHaveLength(1);
    expect(await sqlErrors('server/labels/newLabelRoutes.ts', rawHelper)).toHaveLength(1);
    expect(await sqlErrors('server/dev/seed/newSeed.ts', rawStatement)).toHaveLength(1);
    const renamed = `import { sql as raw } from 'kysely';\nexport const one = raw\`SELECT 1\`;\n`;
    expect(await sqlErrors('server/labels/newLabelRoutes.ts', renamed)).toHaveLength(1);
  });

  it('allows raw sql in a *Queries.ts file and server/platform/, the query builder anywhere', async () => {
    expect(await sqlErrors('server/labels/newLabelQueries.ts', rawStatement)).toEqual([]);
    expect(await sqlErrors('server/vorgaenge/kanban/newThingQueries.ts', rawHelper)).toEqual([]);
    expect(await sqlErrors('server/platform/db/newHelper.ts', rawStatement)).toEqual([]);
    expect(await sqlErrors('server/labels/newLabelRoutes.ts', builder)).toEqual([]);
  });
});
