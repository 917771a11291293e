import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { DB_TYPES_FILE, dbTypesOf } from '../../../scripts/dbTypes';

const adminQuery = async (serverUrl: string, query: string) => {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
};

it('the committed database types are those of the migrated database', async () => {
  const serverUrl = inject('postgresServerUrl');
  // A copy of the template: other test files clone the template meanwhile, which a connection to it would block.
  const name = `db_types_${process.pid}_${Date.now()}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE fenster_template`);
  try {
    const generated = await dbTypesOf(`${serverUrl}/${name}`);
    const committed = await readFile(DB_TYPES_FILE, 'utf8');
    expect(committed, 'server/platform/db/schema.ts is stale: run npm run db:types').toBe(generated);
  } finally {
    await adminQuery(serverUrl, `DROP DATABASE ${name}`);
  }
  // Introspection plus formatting the generated file takes seconds; on two busy cores it once passed 30 s.
}, 90_000);
