import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** Active users of the branches with these location groups, by name (a typed Kysely query). */
export async function colleaguesAt(db: Database, locations: readonly string[]) {
  if (locations.length === 0) return [];
  return db
    .selectFrom('app_user as u')
    .innerJoin('branch as b', 'b.id', 'u.branch_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.initials',
      'u.azure_oid as azureOid',
      'u.branch_id as branchId',
      'b.name as branchName',
    ])
    .where('u.active', '=', true)
    .where('b.location_group', 'in', locations)
    .orderBy('u.name')
    .execute();
}

/** Which of these directory ids already belong to a user of the CRM. */
export async function describedAzureIds(db: Database, azureIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await sql<{ azureOid: string }>`
    SELECT azure_oid AS "azureOid" FROM app_user
    WHERE azure_oid = ANY(${azureIds}::text[])`.execute(db);
  return new Set(rows.map((row) => row.azureOid));
}

/** The branches of these location groups. */
export async function branchesOfLocations(db: Database, locations: readonly string[]) {
  const { rows } = await sql<{ id: number; locationGroup: string }>`
    SELECT id, location_group AS "locationGroup" FROM branch
    WHERE location_group = ANY(${locations}::text[])`.execute(db);
  return rows;
}
