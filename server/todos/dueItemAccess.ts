import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, forbidden, notFound } from '../platform/http/apiError';
import { callerUserId, isLead, ledBranchIds } from '../platform/auth/viewerScope';

/** A due item named by its key: an activity, or a label on a Vorgang or on a customer. */
export type DueKey =
  | { kind: 'aktivitaet'; id: number }
  | { kind: 'vorgangLabel'; vorgangId: number; labelId: number }
  | { kind: 'kundeLabel'; customerId: number; labelId: number };

const positive = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/** Reads a key like "aktivitaet:12" or "vorgangLabel:3:5"; a German 400 on anything else. */
export function parseDueKey(key: string): DueKey {
  const [kind, first, second, ...rest] = key.split(':');
  const a = positive(first);
  const b = positive(second);
  if (kind === 'aktivitaet' && a && second === undefined) return { kind, id: a };
  if (kind === 'vorgangLabel' && a && b && rest.length === 0) return { kind, vorgangId: a, labelId: b };
  if (kind === 'kundeLabel' && a && b && rest.length === 0) return { kind, customerId: a, labelId: b };
  throw badRequest('Unbekannter Eintrag.', { key: `„${key}“ ist kein gültiger Eintrag.` });
}

/** Who the item belongs to: the activity's user, the Vorgang's seller and branch, the customer's Betreuer. */
async function ownerOf(db: Database, key: DueKey) {
  const owner =
    key.kind === 'aktivitaet'
      ? await db
          .selectFrom('activity as a')
          .leftJoin('app_user as u', 'u.id', 'a.user_id')
          .select(['a.user_id as userId', 'u.branch_id as branchId'])
          .where('a.id', '=', key.id)
          .executeTakeFirst()
      : key.kind === 'vorgangLabel'
        ? await db
            .selectFrom('vorgang')
            .select(['seller_user_id as userId', 'branch_id as branchId'])
            .where('id', '=', key.vorgangId)
            .executeTakeFirst()
        : await db
            .selectFrom('customer')
            .select(['owner_user_id as userId', 'branch_id as branchId'])
            .where('id', '=', key.customerId)
            .executeTakeFirst();
  if (!owner) throw notFound();
  return owner;
}

/** Refuses (403) a change of an item that is neither the caller's nor in a branch the caller leads. */
export async function assertMayChange(db: Database, caller: Caller, key: DueKey) {
  const owner = await ownerOf(db, key);
  const me = await callerUserId(db, caller);
  if (me !== null && owner.userId === me) return;
  if (isLead(caller) && owner.branchId !== null && (await ledBranchIds(db, caller)).includes(owner.branchId))
    return;
  throw forbidden('Dieser Eintrag gehört nicht Ihnen.');
}
