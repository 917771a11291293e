import type { FastifyInstance } from 'fastify';
import { addCompanyDays, companyToday, formatCompanyDateTime } from '../../src/config/companyTime';
import { formatDate } from '../../src/i18n/format';
import {
  acceptanceProblems,
  CODE_MAX_ATTEMPTS,
  WIDERRUF_DAYS,
} from '../../src/resources/offerOnline/offerOnline.rules';
import type { Caller } from '../platform/auth/caller';
import { badRequest, conflict } from '../platform/http/apiError';
import { queueMail } from '../mail/mailOutbox';
import { appendAcceptancePage } from './certifiedPdf';
import { currentByKind } from './legalTextQueries';
import { keepPdf, readPdf } from './offerFiles';
import { invalidOfferLink } from './publicOfferErrors';
import { openOfferLink, recordOfferEvent } from './offerLinkQueries';
import { offerCodeHash, offerTokenHash, sameHash, sha256 } from './offerToken';
import { CUSTOMER_ACTOR, todoForSeller } from './sellerTodo';
import { recordChange } from '../platform/changes/recordChange';

export interface AcceptInput {
  name?: unknown;
  confirmed?: unknown;
  code?: unknown;
  agbVersionId?: number | null;
  widerrufVersionId?: number | null;
  formularVersionId?: number | null;
}

const WRONG_CODE = 'Der Code stimmt nicht. Bitte prüfen Sie die Ziffern aus der E-Mail.';
const DEAD_CODE = 'Dieser Code gilt nicht mehr. Bitte fordern Sie einen neuen Code an.';
const NO_CODE = 'Bitte fordern Sie zuerst einen Code per E-Mail an.';

/**
 * Checks the newest code of a link and uses it up, in its own transaction: a wrong try is counted even though
 * the acceptance is refused, and a right one is used once (a second request with it finds it used).
 */
async function spendCode(app: FastifyInstance, linkId: number, code: string) {
  return app.db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom('offer_code')
      .select(['id', 'code_hash', 'email', 'expires_at', 'attempts', 'used_at'])
      .where('offer_link_id', '=', linkId)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!latest) return { problem: NO_CODE } as const;
    if (latest.used_at || new Date(latest.expires_at) <= new Date() || latest.attempts >= CODE_MAX_ATTEMPTS) {
      return { problem: DEAD_CODE } as const;
    }
    if (!sameHash(latest.code_hash, offerCodeHash(linkId, code))) {
      const attempts = latest.attempts + 1;
      await trx.updateTable('offer_code').set({ attempts }).where('id', '=', latest.id).execute();
      return { problem: attempts >= CODE_MAX_ATTEMPTS ? DEAD_CODE : WRONG_CODE } as const;
    }
    const verifiedAt = new Date();
    await trx.updateTable('offer_code').set({ used_at: verifiedAt }).where('id', '=', latest.id).execute();
    return { email: latest.email, verifiedAt } as const;
  });
}

/** The name the sender is known by, as queueMail needs a caller. */
const senderOf = (link: { senderOid: string | null; sentBy: string }): Caller => ({
  oid: link.senderOid ?? '',
  tid: '',
  name: link.sentBy,
  username: '',
  groups: [],
});

/**
 * The customer accepts: name, the texts confirmed, the code from the mail. Then, in one transaction with the link
 * locked: the evidence (times UTC and local, address, browser, the PDF's SHA-256 checked against the kept file,
 * the text versions shown, the code's address and time), the PDF with its Annahmebestätigung kept, the link
 * 'angenommen', the todo "Annahme eingegangen – Auftrag im ERP anlegen" for the Verkäufer and the confirmation
 * mail with the certified PDF through the Postausgang. The ERP's order is not touched.
 */
export async function acceptOnlineOffer(
  app: FastifyInstance,
  token: string,
  input: AcceptInput,
  from: { ip: string | null; userAgent: string | null },
): Promise<{ widerrufUntil: string | null }> {
  const zone = app.timeZone;
  const tokenHash = offerTokenHash(token);
  const link = await openOfferLink(app.db, tokenHash, zone);
  if (!link) throw invalidOfferLink();
  const { problems, name, code } = acceptanceProblems(input);
  const consumer = link.customerType === 'privat';
  const texts = await currentByKind(app.db);
  // The versions the page showed must be the current ones: an acceptance names exactly what was read.
  const shown = [
    [input.agbVersionId, texts.agb?.id],
    ...(consumer
      ? [
          [input.widerrufVersionId, texts.widerruf?.id],
          [input.formularVersionId, texts.widerrufsformular?.id],
        ]
      : []),
  ];
  if (Object.keys(problems).length) throw badRequest('Bitte prüfen Sie Ihre Angaben.', problems);
  if (shown.some(([sent, current]) => (sent ?? null) !== (current ?? null))) {
    throw conflict(
      'Die Texte wurden inzwischen geändert. Bitte laden Sie die Seite neu und lesen Sie sie erneut.',
    );
  }
  const used = await spendCode(app, link.id, code);
  if ('problem' in used) throw badRequest('Bitte prüfen Sie Ihre Angaben.', { code: used.problem! });

  if (!link.pdfStoredName || !link.pdfSha256) throw invalidOfferLink();
  const original = await readPdf(app.fileStore, link.pdfStoredName);
  // The file shown is the file mailed: its fingerprint now must be the one kept when it was sent.
  if (sha256(original) !== link.pdfSha256) {
    app.log.error({ linkId: link.id }, 'Angebot online: gespeichertes PDF weicht vom gesendeten ab');
    throw conflict('Das Angebot kann gerade nicht angenommen werden. Bitte wenden Sie sich an uns.');
  }
  const acceptedAt = new Date();
  const widerrufUntil = consumer ? addCompanyDays(companyToday(zone, acceptedAt), WIDERRUF_DAYS) : null;
  const settings = await app.db
    .selectFrom('global_settings')
    .select('company_name')
    .where('id', '=', 1)
    .executeTakeFirst();
  const company = settings?.company_name || 'Ihr Fensterbauer';
  const version = (text: { id: number; createdAt: string } | undefined) =>
    text ? `Nr. ${text.id} vom ${formatCompanyDateTime(text.createdAt, zone)}` : 'nicht gezeigt';
  const facts = {
    company,
    belegNumber: link.belegNumber,
    vorgangNumber: link.vorgangNumber,
    signerName: name,
    acceptedUtc: `${acceptedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    acceptedLocal: `${formatCompanyDateTime(acceptedAt, zone)} (${zone})`,
    ip: from.ip ?? 'unbekannt',
    userAgent: from.userAgent ?? 'unbekannt',
    pdfSha256: link.pdfSha256,
    agbVersion: version(texts.agb),
    widerrufVersion: consumer ? version(texts.widerruf) : 'nicht gezeigt (Geschäftskunde)',
    codeEmail: used.email,
    codeVerified: `${formatCompanyDateTime(used.verifiedAt, zone)} (${zone})`,
    widerruf: widerrufUntil
      ? `14 Tage, bis einschließlich ${formatDate(widerrufUntil)}`
      : 'keines (Geschäftskunde)',
  };
  const certified = await appendAcceptancePage(original, facts);
  const certifiedName = await keepPdf(app.fileStore, certified);
  const certifiedFile = link.pdfFileName?.replace(/\.pdf$/i, '') ?? `Angebot_${link.belegNumber}`;

  try {
    await app.db.transaction().execute(async (trx) => {
      const locked = await openOfferLink(trx, tokenHash, zone, true);
      // Decided meanwhile (a second tab, a withdrawal): the code is used, the acceptance does not count twice.
      if (!locked) throw invalidOfferLink();
      const mailId = await queueMail(trx, app.jobs, senderOf(link), {
        customerId: link.customerId,
        vorgangId: link.vorgangId,
        templateId: null,
        recipient: link.email,
        subject: `Bestätigung Ihrer Annahme – Angebot ${link.belegNumber}`,
        body:
          `Guten Tag ${name},\n\nvielen Dank! Sie haben unser Angebot ${link.belegNumber} am ` +
          `${formatCompanyDateTime(acceptedAt, zone)} Uhr angenommen. Im Anhang finden Sie das Angebot mit der ` +
          `Annahmebestätigung.\n\n` +
          (widerrufUntil
            ? `Sie können Ihre Annahme bis einschließlich ${formatDate(widerrufUntil)} ` +
              `widerrufen. Die Widerrufsbelehrung und das Muster-Widerrufsformular finden Sie unten in dieser E-Mail.\n\n`
            : '') +
          `Wir melden uns in Kürze mit der Auftragsbestätigung.\n\nMit freundlichen Grüßen\n${link.sentBy}\n${company}` +
          // The link dies with the acceptance: the consumer keeps the texts shown on a durable medium, this mail.
          (consumer
            ? [texts.widerruf, texts.widerrufsformular]
                .filter((text) => text !== undefined)
                .map((text) => `\n\n――――――――――\n\n${text.body}`)
                .join('')
            : ''),
        bulkJobId: null,
        purpose: null,
        attachment: {
          source: {
            kind: 'storedFile',
            storedName: certifiedName,
            fileName: `${certifiedFile}_angenommen.pdf`,
          },
          label: `${certifiedFile}_angenommen.pdf (${Math.max(1, Math.round(certified.length / 1024))} kB)`,
        },
      });
      await trx
        .insertInto('offer_acceptance')
        .values({
          offer_link_id: link.id,
          accepted_at: acceptedAt,
          accepted_local: formatCompanyDateTime(acceptedAt, zone),
          time_zone: zone,
          signer_name: name,
          ip: from.ip,
          user_agent: from.userAgent,
          pdf_sha256: link.pdfSha256!,
          agb_version_id: texts.agb?.id ?? null,
          widerruf_version_id: consumer ? (texts.widerruf?.id ?? null) : null,
          formular_version_id: consumer ? (texts.widerrufsformular?.id ?? null) : null,
          code_email: used.email,
          code_verified_at: used.verifiedAt,
          consumer,
          widerruf_until: widerrufUntil,
          certified_stored_name: certifiedName,
          certified_sha256: sha256(certified),
          confirmation_mail_id: mailId,
        })
        .execute();
      await trx
        .updateTable('offer_link')
        .set({ state: 'angenommen', decided_at: acceptedAt })
        .where('id', '=', link.id)
        .execute();
      await recordOfferEvent(trx, link.id, 'angenommen', from, `von ${name}`);
      await recordChange(trx, {
        actor: CUSTOMER_ACTOR,
        area: 'angebot-online',
        recordId: link.id,
        before: { state: 'offen' },
        after: {
          state: 'angenommen',
          signerName: name,
          acceptedUtc: facts.acceptedUtc,
          acceptedLocal: facts.acceptedLocal,
          ip: from.ip,
          userAgent: from.userAgent,
          pdfSha256: link.pdfSha256,
          agbVersion: facts.agbVersion,
          widerrufVersion: facts.widerrufVersion,
          codeEmail: used.email,
          codeVerified: facts.codeVerified,
          widerrufUntil,
        },
        customerId: link.customerId,
        vorgangId: link.vorgangId,
      });
      await todoForSeller(
        trx,
        link,
        {
          title: 'Annahme eingegangen – Auftrag im ERP anlegen',
          note:
            `${name} hat das Angebot ${link.belegNumber} online angenommen.` +
            (widerrufUntil ? ` Widerrufsfrist bis ${formatDate(widerrufUntil)}.` : ''),
        },
        zone,
      );
    });
  } catch (failure) {
    // Not accepted after all (decided meanwhile, the database away): the certified copy goes again.
    await app.fileStore.markForRemoval(app.db, certifiedName);
    await app.fileStore.removeMarked(certifiedName);
    throw failure;
  }
  return { widerrufUntil };
}
