import type { Caller } from '../platform/auth/caller';
import { sellersWithAccess } from '../platform/auth/customerAccess';
import type { Credentials, Directory } from '../platform/auth/directory';
import type { Database } from '../platform/db/database';

/**
 * The Verkäufer a Vorgang may get (active, with customer access), those of its branch first, each group by name;
 * without a Vorgang those of the caller's branch first (a Sammelaktion over several Vorgänge).
 */
export async function sellerOptions(
  db: Database,
  directory: Directory,
  caller: Caller,
  credentials: Credentials,
  vorgangId?: number,
) {
  const branch = vorgangId
    ? await db.selectFrom('vorgang').select('branch_id').where('id', '=', vorgangId).executeTakeFirst()
    : await db
        .selectFrom('app_user')
        .select('branch_id')
        .where('azure_oid', '=', caller.oid)
        .executeTakeFirst();
  const branchId = branch?.branch_id ?? null;
  const sellers = await sellersWithAccess(db, directory, credentials);
  const options = sellers.map((seller) => ({
    ...seller,
    sameBranch: branchId !== null && seller.branchId === branchId,
  }));
  // A stable sort: by name within each group, as read.
  return [...options.filter((o) => o.sameBranch), ...options.filter((o) => !o.sameBranch)];
}
