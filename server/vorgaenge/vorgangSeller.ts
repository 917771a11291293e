import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { recordVorgangEvent } from './vorgangEvents';
import { lockVorgang, updateVorgang } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshotQueries';

/**
 * Gives the Vorgang another Verkäufer (an active user; null: none) at the version the caller saw, and writes the
 * change with both names into its history in the same transaction. The same Verkäufer again changes nothing.
 */
export async function setVorgangSeller(
  db: Database,
  input: { vorgangId: number; version: number; sellerUserId: number | null },
  caller: Caller,
): Promise<{ version: number; seller: string | null }> {
  return inTransaction(db, async (trx) =>
    withChangeRecord(trx, { ...vorgangSubject(input.vorgangId), actor: caller }, async () => {
      const current = await lockVorgang(trx, input.vorgangId, input.version);
      const found = await trx
        .selectFrom('vorgang as v')
        .leftJoin('app_user as u', 'u.id', 'v.seller_user_id')
        .select((eb) => [
          'u.name as before',
          'v.seller_user_id as beforeId',
          eb
            .selectFrom('app_user as n')
            .select('n.name')
            .where('n.id', '=', input.sellerUserId)
            .where('n.active', '=', true)
            .as('after'),
        ])
        .where('v.id', '=', input.vorgangId)
        .executeTakeFirstOrThrow();
      if (input.sellerUserId !== null && found.after === null) {
        const message = 'Verkäufer: Diesen aktiven Benutzer gibt es nicht.';
        throw badRequest(message, { sellerUserId: message });
      }
      if (found.beforeId === input.sellerUserId) return { version: current.version, seller: found.before };
      const version = await updateVorgang(
        trx,
        input.vorgangId,
        { seller_user_id: input.sellerUserId },
        caller,
      );
      await recordVorgangEvent(trx, {
        vorgangId: input.vorgangId,
        kind: 'verkaeufer',
        version,
        details: { from: found.before, to: found.after },
        changedBy: caller.name,
      });
      return { version, seller: found.after };
    }),
  );
}
