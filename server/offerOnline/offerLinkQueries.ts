import { sql } from 'kysely';
import { companyToday } from '../../src/config/companyTime';
import type { Executor } from '../platform/entities/entityRepository';

/** An open link as the public page and its actions need it. */
export interface OpenOfferLink {
  id: number;
  vorgangId: number;
  customerId: number;
  email: string;
  sentBy: string;
  senderOid: string | null;
  validUntil: string;
  pdfStoredName: string | null;
  pdfFileName: string | null;
  pdfSha256: string | null;
  belegNumber: string;
  vorgangNumber: string;
  vorgangTitle: string;
  sellerUserId: number | null;
  customerType: string;
  salutation: string | null;
  title: string | null;
  lastName: string | null;
  firstName: string | null;
}

/**
 * The link of a token hash while it works: 'offen' and not past the offer's Gültig bis (company day); else
 * undefined, the same for a guess, a decided, a replaced, a withdrawn and an expired link. `lock` holds it
 * for a decision, so two tabs cannot both decide.
 */
export async function openOfferLink(
  db: Executor,
  tokenHash: string,
  zone: string,
  lock = false,
): Promise<OpenOfferLink | undefined> {
  const { rows } = await sql<OpenOfferLink>`
    SELECT l.id, l.vorgang_id AS "vorgangId", l.customer_id AS "customerId", l.email, l.sent_by AS "sentBy",
      l.sender_oid AS "senderOid", to_char(l.valid_until, 'YYYY-MM-DD') AS "validUntil",
      l.pdf_stored_name AS "pdfStoredName", l.pdf_file_name AS "pdfFileName", l.pdf_sha256 AS "pdfSha256",
      b.beleg_number AS "belegNumber", v.vorgang_number AS "vorgangNumber", v.title AS "vorgangTitle",
      v.seller_user_id AS "sellerUserId", c.customer_type AS "customerType", c.salutation, c.title,
      c.last_name AS "lastName", c.first_name AS "firstName"
    FROM offer_link l
      JOIN beleg b ON b.id = l.beleg_id
      JOIN vorgang v ON v.id = l.vorgang_id
      JOIN customer c ON c.id = l.customer_id
    WHERE l.token_hash = ${tokenHash} AND l.state = 'offen' AND l.valid_until >= ${companyToday(zone)}::date
    ${lock ? sql`FOR UPDATE OF l` : sql``}`.execute(db);
  return rows[0];
}

/** One thing that happened on the public page, with where it came from. */
export async function recordOfferEvent(
  db: Executor,
  linkId: number,
  kind: string,
  from: { ip: string | null; userAgent: string | null },
  message: string | null = null,
) {
  await db
    .insertInto('offer_link_event')
    .values({ offer_link_id: linkId, kind, ip: from.ip, user_agent: from.userAgent, message })
    .execute();
}

/** Counts an opening on the link (the cadence reads these columns) and keeps it as an event. */
export async function countOpening(
  db: Executor,
  linkId: number,
  from: { ip: string | null; userAgent: string | null },
) {
  await db
    .updateTable('offer_link')
    .set((eb) => ({
      open_count: eb('open_count', '+', 1),
      first_opened_at: eb.fn.coalesce('first_opened_at', sql<Date>`now()`),
      last_opened_at: sql<Date>`now()`,
    }))
    .where('id', '=', linkId)
    .execute();
  await recordOfferEvent(db, linkId, 'geoeffnet', from);
}

/** The CRM user who gets the customer's answers: the Vorgang's Verkäufer, else the person who sent the offer. */
export async function answerRecipient(db: Executor, link: OpenOfferLink): Promise<number | null> {
  if (link.sellerUserId) return link.sellerUserId;
  if (!link.senderOid) return null;
  const user = await db
    .selectFrom('app_user')
    .select('id')
    .where('azure_oid', '=', link.senderOid)
    .executeTakeFirst();
  return user?.id ?? null;
}
