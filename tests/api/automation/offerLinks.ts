import { randomBytes } from 'node:crypto';
import { startOfCompanyDay } from '../../../src/config/companyTime';
import type { AutomationFixture } from './automationFixture';

/**
 * An online offer as the sending code leaves it (the Angebot as Beleg, the link mailed on `sentDay` at 10:00
 * company time), written straight into offer_link: the cadence only reads it.
 */
export async function sendOfferLink(
  f: AutomationFixture,
  vorgangId: number,
  link: { sentDay: string; validUntil: string; openCount?: number },
): Promise<number> {
  const db = f.t.db;
  const vorgang = await db
    .selectFrom('vorgang')
    .select(['customer_id', 'vorgang_number'])
    .where('id', '=', vorgangId)
    .executeTakeFirstOrThrow();
  const beleg = await db
    .insertInto('beleg')
    .values({
      vorgang_id: vorgangId,
      beleg_type: 'angebot',
      beleg_number: `AN-${randomBytes(4).toString('hex')}`,
      beleg_date: link.sentDay,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sentAt = new Date(startOfCompanyDay(link.sentDay, f.zone).getTime() + 10 * 3_600_000);
  const opened = (link.openCount ?? 0) > 0 ? sentAt : null;
  const row = await db
    .insertInto('offer_link')
    .values({
      vorgang_id: vorgangId,
      beleg_id: beleg.id,
      customer_id: vorgang.customer_id,
      token_hash: randomBytes(32).toString('hex'),
      email: 'kunde@example.com',
      sent_by: 'Test Person',
      sent_at: sentAt,
      valid_until: link.validUntil,
      open_count: link.openCount ?? 0,
      first_opened_at: opened,
      last_opened_at: opened,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The customer's or the seller's decision on the link, as the online offer's code records it. */
export async function decideOfferLink(
  f: AutomationFixture,
  linkId: number,
  state: 'angenommen' | 'abgelehnt' | 'zurueckgezogen' | 'ersetzt',
): Promise<void> {
  await f.t.db
    .updateTable('offer_link')
    .set({ state, decided_at: new Date() })
    .where('id', '=', linkId)
    .execute();
}

/** An Auftragsbestätigung from the ERP on the Vorgang. */
export async function addOrderConfirmation(f: AutomationFixture, vorgangId: number, day: string) {
  await f.t.db
    .insertInto('beleg')
    .values({
      vorgang_id: vorgangId,
      beleg_type: 'auftragsbestaetigung',
      beleg_number: `AB-${randomBytes(4).toString('hex')}`,
      beleg_date: day,
    })
    .execute();
}
