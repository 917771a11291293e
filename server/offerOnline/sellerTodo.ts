import { companyToday } from '../../src/config/companyTime';
import type { ChangeActor } from '../platform/changes/recordChange';
import { recordChange } from '../platform/changes/recordChange';
import { rowSnapshot } from '../platform/changes/rowSnapshot';
import type { Database } from '../platform/db/database';
import { notify } from '../notifications';
import { answerRecipient, type OpenOfferLink } from './offerLinkQueries';

/** The customer acting through the offer page: no signed-in person, named as the history names them. */
export const CUSTOMER_ACTOR: ChangeActor = { oid: null, name: 'Kunde (Angebot online)' };

/**
 * An open todo for the Verkäufer (an open activity due today), kept in the Änderungsverlauf, and a
 * notification in the bell, both in the caller's transaction.
 */
export async function todoForSeller(
  trx: Database,
  link: OpenOfferLink,
  todo: { title: string; note: string },
  zone: string,
): Promise<void> {
  const userId = await answerRecipient(trx, link);
  const { id } = await trx
    .insertInto('activity')
    .values({
      customer_id: link.customerId,
      vorgang_id: link.vorgangId,
      activity_type: 'anruf',
      activity_date: new Date(),
      due_date: companyToday(zone),
      done: false,
      note: `${todo.title}\n${todo.note}`.trim(),
      user_id: userId,
      updated_by: CUSTOMER_ACTOR.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordChange(trx, {
    actor: CUSTOMER_ACTOR,
    area: 'aktivitaeten',
    recordId: id,
    before: null,
    after: await rowSnapshot(trx, 'activity', { id }, ['created_at', 'updated_at', 'updated_by', 'version']),
    customerId: link.customerId,
    vorgangId: link.vorgangId,
  });
  if (userId) {
    await notify(trx, [
      {
        userId,
        kind: 'todo',
        title: todo.title,
        body: `${link.vorgangNumber} ${link.vorgangTitle} · Angebot ${link.belegNumber}`,
        link: `/crm/vorgang/${link.vorgangId}`,
        vorgangId: link.vorgangId,
        customerId: link.customerId,
      },
    ]);
  }
}
