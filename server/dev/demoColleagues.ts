import { GROUPS } from '../../src/auth/groups';
import type { Database } from '../platform/db/database';
import type { DemoUser } from './devIdp/demoUsers';

/**
 * The people the demo data describes besides the demo users' file (the seed's generated sellers), as the demo
 * directory's colleagues: in a real directory they would be there, with customer access and their branch's
 * location group. They cannot sign in; they can be a Vorgang's Verkäufer like anyone with customer access.
 */
export function demoColleagues(db: Database, users: readonly DemoUser[]): () => Promise<DemoUser[]> {
  const known = users.map((user) => user.oid);
  return async () => {
    const rows = await db
      .selectFrom('app_user')
      .leftJoin('branch', 'branch.id', 'app_user.branch_id')
      .select([
        'app_user.azure_oid as oid',
        'app_user.name',
        'app_user.username',
        'app_user.email',
        'branch.location_group as location',
      ])
      .where('app_user.azure_oid', 'not in', known)
      .execute();
    return rows.map((row) => ({
      oid: row.oid,
      name: row.name,
      username: row.username ?? row.oid,
      email: row.email ?? '',
      groups: [GROUPS.kunde, ...(row.location ? [row.location] : [])],
    }));
  };
}
