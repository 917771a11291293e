import { sql } from 'kysely';
import { columnOf } from '../../src/resources/entity';
import { GLOBAL_SETTINGS } from '../../src/resources/globalSettings/globalSettings.form';
import type { Database } from '../platform/db/database';
import type { CountryCode } from '../../src/resources/country.rules';
import type { GlobalSettings } from '../../src/resources/globalSettings/globalSettings.endpoints';

/**
 * The single settings row, by the form's field names, with version and last change; made on the first read
 * with the table's defaults and the tenant's `country` (the table's own default is Austria's).
 */
export async function readSettings(db: Database, country: CountryCode) {
  await db
    .insertInto('global_settings')
    .values({ id: 1, company_country: country })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const columns = GLOBAL_SETTINGS.fields.map((f) => sql`${sql.ref(columnOf(f))} AS ${sql.ref(f.source)}`);
  const result = await sql<GlobalSettings>`
    SELECT ${sql.join(columns)}, version, updated_at AS "updatedAt", updated_by AS "updatedBy"
    FROM global_settings WHERE id = 1`.execute(db);
  return result.rows[0]!;
}

/** Saves the given fields if the row still has `version`; false when someone changed it meanwhile. */
export async function saveSettings(
  db: Database,
  values: Record<string, unknown>,
  version: number,
  updatedBy: string,
): Promise<boolean> {
  const assignments = GLOBAL_SETTINGS.fields
    .filter((f) => f.source in values)
    .map((f) => sql`${sql.ref(columnOf(f))} = ${values[f.source]}`);
  const result = await sql`
    UPDATE global_settings SET ${sql.join(assignments)}, version = version + 1, updated_at = now(),
      updated_by = ${updatedBy}
    WHERE id = 1 AND version = ${version}`.execute(db);
  return Boolean(result.numAffectedRows);
}
