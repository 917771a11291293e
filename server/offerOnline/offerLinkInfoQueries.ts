import { sql } from 'kysely';
import type { OfferLinkInfo } from '../../src/resources/offerOnline/offerOnline.endpoints';
import type { Executor } from '../platform/entities/entityRepository';

/** The online offers of a Vorgang, newest first, each with its events and the acceptance's evidence. */
export async function offerLinksOfVorgang(db: Executor, vorgangId: number): Promise<OfferLinkInfo[]> {
  const { rows } = await sql<OfferLinkInfo>`
    SELECT l.id, b.beleg_number AS "belegNumber", l.email, l.sent_by AS "sentBy", l.sent_at AS "sentAt",
      to_char(l.valid_until, 'YYYY-MM-DD') AS "validUntil", l.state, l.decided_at AS "decidedAt",
      l.decline_reason AS "declineReason", l.open_count AS "openCount", l.first_opened_at AS "firstOpenedAt",
      l.last_opened_at AS "lastOpenedAt", l.pdf_sha256 AS "pdfSha256",
      COALESCE((SELECT json_agg(json_build_object('kind', e.kind, 'at', e.at, 'message', e.message, 'ip', e.ip,
                  'userAgent', e.user_agent) ORDER BY e.at, e.id)
                FROM offer_link_event e WHERE e.offer_link_id = l.id), '[]') AS events,
      (SELECT json_build_object('acceptedAt', a.accepted_at, 'acceptedLocal', a.accepted_local,
         'timeZone', a.time_zone, 'signerName', a.signer_name, 'ip', a.ip, 'userAgent', a.user_agent,
         'pdfSha256', a.pdf_sha256, 'agbVersionId', a.agb_version_id, 'widerrufVersionId', a.widerruf_version_id,
         'formularVersionId', a.formular_version_id, 'codeEmail', a.code_email,
         'codeVerifiedAt', a.code_verified_at, 'consumer', a.consumer,
         'widerrufUntil', to_char(a.widerruf_until, 'YYYY-MM-DD'))
       FROM offer_acceptance a WHERE a.offer_link_id = l.id) AS acceptance
    FROM offer_link l JOIN beleg b ON b.id = l.beleg_id
    WHERE l.vorgang_id = ${vorgangId}
    ORDER BY l.sent_at DESC, l.id DESC`.execute(db);
  const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
  return rows.map((row) => ({
    ...row,
    sentAt: iso(row.sentAt)!,
    decidedAt: iso(row.decidedAt),
    firstOpenedAt: iso(row.firstOpenedAt),
    lastOpenedAt: iso(row.lastOpenedAt),
  }));
}
