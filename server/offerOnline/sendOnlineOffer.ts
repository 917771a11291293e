import type { FastifyInstance } from 'fastify';
import { OFFER_LINK_MASK } from '../../src/resources/offerOnline/offerOnline.rules';
import type { Caller } from '../platform/auth/caller';
import type { Executor } from '../platform/entities/entityRepository';
import { recordChange } from '../platform/changes/recordChange';
import { keepPdf } from './offerFiles';
import { newOfferToken, offerTokenHash, sha256 } from './offerToken';

/** An online offer made ready before its mail is queued: the PDF kept, the link's token drawn. */
export interface PreparedOfferLink {
  token: string;
  url: string;
  storedName: string;
  fileName: string;
  pdfSha256: string;
  validUntil: string;
  /** The outbox attaches exactly the kept bytes, so the fingerprint is that of the file the customer got. */
  attachment: { kind: 'storedFile'; storedName: string; fileName: string };
  /** The mask in the text and the working link that replaces it only in the mail that leaves. */
  hiddenFills: Record<string, string>;
}

/**
 * Keeps the offer's PDF as it will be mailed and draws the link's token. Runs before the mail's transaction (the
 * store is no part of it); the row is written by `recordOfferLink` in that transaction.
 */
export async function prepareOfferLink(
  app: FastifyInstance,
  pdf: { content: Buffer; filename: string },
  validUntil: string,
): Promise<PreparedOfferLink> {
  const storedName = await keepPdf(app.fileStore, pdf.content);
  const token = newOfferToken();
  const url = `${app.publicUrl.replace(/\/$/, '')}/angebot/${token}`;
  return {
    token,
    url,
    storedName,
    fileName: pdf.filename,
    pdfSha256: sha256(pdf.content),
    validUntil,
    attachment: { kind: 'storedFile', storedName, fileName: pdf.filename },
    hiddenFills: { [OFFER_LINK_MASK]: url },
  };
}

/** The mail's text with the link's mask: where the writer put it, else as a closing paragraph. */
export function withOfferLink(body: string): string {
  if (body.includes(OFFER_LINK_MASK)) return body;
  return `${body.trimEnd()}\n\nSie können das Angebot hier online ansehen und annehmen:\n${OFFER_LINK_MASK}\n`;
}

/**
 * Writes the link in the mail's transaction: an older open link of the Vorgang is 'ersetzt' (only the newest
 * offer can be accepted), the new one is 'offen' until the offer's Gültig bis. Answers the link's id.
 */
export async function recordOfferLink(
  trx: Executor,
  prepared: PreparedOfferLink,
  link: { vorgangId: number; belegId: number; customerId: number; email: string; mailId: number },
  caller: Caller,
): Promise<number> {
  const replaced = await trx
    .updateTable('offer_link')
    .set({ state: 'ersetzt', decided_at: new Date() })
    .where('vorgang_id', '=', link.vorgangId)
    .where('state', '=', 'offen')
    .returning('id')
    .execute();
  const { id } = await trx
    .insertInto('offer_link')
    .values({
      vorgang_id: link.vorgangId,
      beleg_id: link.belegId,
      customer_id: link.customerId,
      token_hash: offerTokenHash(prepared.token),
      email: link.email,
      sent_by: caller.name,
      sender_oid: caller.oid,
      sent_mail_id: link.mailId,
      valid_until: prepared.validUntil,
      pdf_stored_name: prepared.storedName,
      pdf_file_name: prepared.fileName,
      pdf_sha256: prepared.pdfSha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('offer_link_event')
    .values([
      ...replaced.map((old) => ({
        offer_link_id: old.id,
        kind: 'zurueckgezogen',
        message: 'Ersetzt durch ein neueres Angebot',
        actor: caller.name,
      })),
      { offer_link_id: id, kind: 'gesendet', message: `an ${link.email}`, actor: caller.name },
    ])
    .execute();
  await recordChange(trx, {
    actor: caller,
    area: 'angebot-online',
    recordId: id,
    before: null,
    after: { state: 'offen', email: link.email },
    customerId: link.customerId,
    vorgangId: link.vorgangId,
  });
  return id;
}
