import type { FastifyInstance } from 'fastify';
import {
  getSimplifiedOfferUserConfiguration,
  pdfGen,
  saveSimplifiedOfferUserConfiguration,
  type OfferSettings,
} from '../../src/resources/offerPdf/offerPdf.endpoints';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { templatesFor } from '../textTemplates/textTemplateQueries';
import { offerSettingsChangedBy, readOfferSettings, saveOfferSettings } from './offerPdfQueries';
import { makeSimplifiedOffer } from './simplifiedOffer';

/** 400 naming the field when a chosen template is not one the caller may use. */
async function checkTemplates(db: Database, caller: Caller, settings: OfferSettings) {
  const allowed = new Set((await templatesFor(db, caller)).map((t) => t.id));
  const errors: Record<string, string> = {};
  const message = 'Diese Textvorlage gibt es nicht (mehr) oder sie ist für Sie nicht freigegeben.';
  if (settings.introTemplateId && !allowed.has(settings.introTemplateId)) errors.introTemplateId = message;
  if (settings.closingTemplateId && !allowed.has(settings.closingTemplateId))
    errors.closingTemplateId = message;
  if (Object.keys(errors).length) throw badRequest('Bitte prüfen Sie die markierten Felder.', errors);
}

/** The simplified offer (the client's path pdf/pdfGen) and each seller's settings for it (vorgang/…). */
export function registerOfferPdfRoutes(app: FastifyInstance) {
  const { db } = app;
  const services = () => ({ db, tenantId: app.tenantId, timeZone: app.timeZone, log: app.log });

  endpointRoute(app, getSimplifiedOfferUserConfiguration, async (request) =>
    readOfferSettings(db, request.caller!.oid),
  );

  endpointRoute(app, saveSimplifiedOfferUserConfiguration, async (request) => {
    const caller = request.caller!;
    const { version, ...settings } = request.body;
    const signature = settings.signature?.trim() || null;
    await checkTemplates(db, caller, settings);
    const saved = await saveOfferSettings(db, caller.oid, { ...settings, signature }, version, caller.name);
    if (!saved) {
      const by = await offerSettingsChangedBy(db, caller.oid);
      throw staleEdit(by, { subject: 'Die Einstellungen', retry: RELOAD_HER, plural: true });
    }
    return saved;
  });

  endpointRoute(app, pdfGen, async (request, reply) => {
    const { belegId, settings } = request.body;
    const offer = await makeSimplifiedOffer(services(), request.caller!, belegId, settings);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${offer.fileName}"`)
      .header('cache-control', 'no-store')
      .send(offer.pdf);
  });
}
