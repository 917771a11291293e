import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** Active users of the branches with these location groups, by name. */
export async function colleaguesAt(db: Database, locations: readonly string[]) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT u.id, u.name, u.email, u.initials, u.azure_oid AS "azureOid",
           u.branch_id AS "branchId", b.name AS "branchName"
    FROM app_user u JOIN branch b ON b.id = u.branch_id
    WHERE u.active AND b.location_group = ANY(${locations}::text[])
    ORDER BY u.name`.execute(db);
  return rows;
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
