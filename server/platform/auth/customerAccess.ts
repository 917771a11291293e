import { GROUPS } from '../../../src/auth/groups';
import type { Database } from '../db/database';
import { badRequest } from '../http/apiError';
import type { Credentials, Directory } from './directory';

/** A CRM user who may be a Vorgang's Verkäufer, with their branch. */
export interface SellerOption {
  id: number;
  name: string;
  branchId: number | null;
  branchName: string | null;
}

/**
 * The active CRM users with customer access (APP_KUNDE in the directory, asked on the caller's behalf), by name:
 * who may be a Vorgang's Verkäufer. Without the group a person cannot even open the Vorgang (Otto Ohne, Sven
 * Standort); an admin is offered only with it.
 */
export async function sellersWithAccess(
  db: Database,
  directory: Directory,
  credentials: Credentials,
): Promise<SellerOption[]> {
  const members = await directory.membersOf(credentials, GROUPS.kunde);
  if (members.length === 0) return [];
  return db
    .selectFrom('app_user')
    .leftJoin('branch', 'branch.id', 'app_user.branch_id')
    .select(['app_user.id', 'app_user.name', 'app_user.branch_id as branchId', 'branch.name as branchName'])
    .where('app_user.active', '=', true)
    .where('app_user.azure_oid', 'in', members)
    .orderBy('app_user.name')
    .orderBy('app_user.id')
    .execute();
}

/** Why a person cannot be a Verkäufer (at the field). */
export const NO_SELLER = 'Verkäufer: Diese Person ist nicht aktiv oder hat keinen Zugriff auf Kunden.';

/** Whether `userId` is an active user with customer access (see sellersWithAccess). */
export async function maySell(
  db: Database,
  directory: Directory,
  credentials: Credentials,
  userId: number,
): Promise<boolean> {
  return (await sellersWithAccess(db, directory, credentials)).some((seller) => seller.id === userId);
}

/**
 * Refuses (German 400 at `field`) a Verkäufer who is no active user with customer access; null (none) passes.
 * The same rule for the Vorgang page, a new Vorgang and a Sammelaktion.
 */
export async function assertSeller(
  db: Database,
  directory: Directory,
  credentials: Credentials,
  userId: number | null,
  field = 'sellerUserId',
): Promise<void> {
  if (userId === null || (await maySell(db, directory, credentials, userId))) return;
  throw badRequest(NO_SELLER, { [field]: NO_SELLER });
}
