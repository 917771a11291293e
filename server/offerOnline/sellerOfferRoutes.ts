import type { FastifyInstance } from 'fastify';
import {
  getLegalTexts,
  getOfferLinkPdf,
  getVorgangOfferLinks,
  saveLegalText,
  withdrawOfferLink,
} from '../../src/resources/offerOnline/offerOnline.endpoints';
import { badRequest, conflict, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { recordChange } from '../platform/changes/recordChange';
import { currentByKind, currentLegalTexts, lockLegalText } from './legalTextQueries';
import { readPdf } from './offerFiles';
import { offerLinksOfVorgang } from './offerLinkInfoQueries';

/** The seller's side: the panel on the Vorgang, withdrawing a link, the kept PDF; the admin's legal texts. */
export function registerSellerOfferRoutes(app: FastifyInstance) {
  const { db } = app;

  endpointRoute(app, getVorgangOfferLinks, async (request) => {
    const vorgang = await db
      .selectFrom('vorgang')
      .select('id')
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!vorgang) throw notFound('Der Vorgang wurde nicht gefunden.');
    return { links: await offerLinksOfVorgang(db, request.params.id) };
  });

  endpointRoute(app, withdrawOfferLink, async (request) => {
    const caller = request.caller!;
    return db.transaction().execute(async (trx) => {
      const link = await trx
        .selectFrom('offer_link')
        .select(['id', 'state', 'customer_id', 'vorgang_id'])
        .where('id', '=', request.params.id)
        .forUpdate()
        .executeTakeFirst();
      if (!link) throw notFound('Diesen Angebots-Link gibt es nicht.');
      if (link.state !== 'offen')
        throw conflict('Der Link ist nicht mehr offen und kann nicht zurückgezogen werden.');
      await trx
        .updateTable('offer_link')
        .set({ state: 'zurueckgezogen', decided_at: new Date() })
        .where('id', '=', link.id)
        .execute();
      await trx
        .insertInto('offer_link_event')
        .values({
          offer_link_id: link.id,
          kind: 'zurueckgezogen',
          actor: caller.name,
          message: `von ${caller.name}`,
        })
        .execute();
      await recordChange(trx, {
        actor: caller,
        area: 'angebot-online',
        recordId: link.id,
        before: { state: 'offen' },
        after: { state: 'zurueckgezogen' },
        customerId: link.customer_id,
        vorgangId: link.vorgang_id,
      });
      return { state: 'zurueckgezogen' };
    });
  });

  endpointRoute(app, getOfferLinkPdf, async (request, reply) => {
    const link = await db
      .selectFrom('offer_link')
      .leftJoin('offer_acceptance', 'offer_acceptance.offer_link_id', 'offer_link.id')
      .select([
        'offer_link.pdf_stored_name',
        'offer_link.pdf_file_name',
        'offer_acceptance.certified_stored_name',
      ])
      .where('offer_link.id', '=', request.params.id)
      .executeTakeFirst();
    const storedName = link?.certified_stored_name ?? link?.pdf_stored_name;
    if (!link || !storedName) throw notFound('Zu diesem Link ist kein PDF gespeichert.');
    const name = (link.pdf_file_name ?? 'Angebot.pdf').replace(
      /\.pdf$/i,
      link.certified_stored_name ? '_angenommen.pdf' : '.pdf',
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(await readPdf(app.fileStore, storedName));
  });

  endpointRoute(app, getLegalTexts, async () => ({ texts: await currentLegalTexts(db) }));

  endpointRoute(app, saveLegalText, async (request) => {
    const { kind, basedOn } = request.body;
    const body = request.body.body.trim();
    if (!body)
      throw badRequest('Bitte prüfen Sie die markierten Felder.', {
        body: 'Bitte geben Sie einen Text ein.',
      });
    return db.transaction().execute(async (trx) => {
      // One save at a time per kind, so "based on" is checked against what is really the newest.
      await lockLegalText(trx, kind);
      const current = (await currentByKind(trx))[kind];
      if (current && current.id !== basedOn) {
        throw conflict(
          `Der Text wurde inzwischen von ${current.createdBy} geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.`,
        );
      }
      const row = await trx
        .insertInto('legal_text_version')
        .values({ kind, body, created_by: request.caller!.name })
        .returning(['id', 'kind', 'body', 'created_at as createdAt', 'created_by as createdBy'])
        .executeTakeFirstOrThrow();
      return { ...row, kind, createdAt: new Date(row.createdAt).toISOString() };
    });
  });
}
