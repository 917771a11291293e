import { sql, type RawBuilder } from 'kysely';
import { TENANT_TIME_ZONES } from '../../src/config/companyTime';

/** The tenant's own region when a record has no branch: Austria for Vienna's zone, Germany for Berlin's. */
export const tenantRegion = (zone: string) => (zone === TENANT_TIME_ZONES.rekord ? 'DE' : 'AT');

/**
 * The holiday region of a record, as SQL over its branch's row `branch` (a LEFT JOIN alias): the branch's own
 * (Bundesland), else its country's, else the tenant's.
 */
export const regionOfBranch = (branch: string, zone: string): RawBuilder<string> =>
  sql<string>`coalesce(${sql.ref(`${branch}.holiday_region`)},
    CASE ${sql.ref(`${branch}.country`)} WHEN 'DE' THEN 'DE' WHEN 'AT' THEN 'AT' END, ${tenantRegion(zone)})`;

/** Every region some branch counts by, and the tenant's (a record without a branch). */
export async function regionsInUse(db: Parameters<RawBuilder<unknown>['execute']>[0], zone: string) {
  const { rows } = await sql<{ region: string }>`
    SELECT DISTINCT ${regionOfBranch('b', zone)} AS region FROM branch b`.execute(db);
  return [...new Set([tenantRegion(zone), ...rows.map((row) => row.region)])];
}
