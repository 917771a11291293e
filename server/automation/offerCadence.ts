import { companyDayOf, formatCompanyDate } from '../../src/config/companyTime';
import { OFFER_LINK_DATE_FIELDS, type DateField } from '../../src/resources/automation/automationTypes';
import type { OfferCadence } from '../../src/resources/automation/offerCadence.endpoints';
import type { Caller } from '../platform/auth/caller';
import { recordChange } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/apiError';
import { activeAutomations } from './automationQueries';
import { latestOfferLink, stepStillAhead, stopOfferFollowUp, vorgangRegion } from './offerCadenceQueries';
import { addWorkingDays } from './workingDays';

const isOfferLinkField = (field: DateField) => (OFFER_LINK_DATE_FIELDS as readonly string[]).includes(field);

/**
 * How the follow-up of the Vorgang's latest online offer stands on `today`: the earliest step of the active
 * cadence automations (a time trigger on the offer link's dates) that is still ahead for it (due today or later,
 * not yet run, its conditions met now), or why the follow-up ended.
 */
export async function offerCadenceOf(
  db: Database,
  zone: string,
  vorgangId: number,
  today: string,
): Promise<OfferCadence> {
  const link = await latestOfferLink(db, vorgangId);
  if (!link) {
    return {
      sentAt: null,
      validUntil: null,
      nextStep: null,
      stopReason: null,
      expired: false,
      canStop: false,
    };
  }
  const live = link.stopReason === null;
  let nextStep: OfferCadence['nextStep'] = null;
  if (live) {
    const region = await vorgangRegion(db, vorgangId, zone);
    const sentDay = companyDayOf(link.sentAt, zone);
    for (const automation of await activeAutomations(db, ['datum'])) {
      const trigger = automation.definition.trigger;
      if (trigger.kind !== 'datum' || !isOfferLinkField(trigger.field)) continue;
      const from = trigger.field === 'onlineAngebotGesendet' ? sentDay : link.validUntil;
      const day = addWorkingDays(from, trigger.offsetWorkingDays, region);
      if (day < today || (nextStep && nextStep.day <= day)) continue;
      if (await stepStillAhead(db, automation, vorgangId, link.id)) nextStep = { name: automation.name, day };
    }
  }
  return {
    sentAt: link.sentAt.toISOString(),
    validUntil: link.validUntil,
    nextStep,
    stopReason: link.stopReason,
    expired: live && link.validUntil < today,
    canStop: live,
  };
}

/**
 * "Nachfassen beenden": the Vorgang's offer links still followed up get no further cadence step (every waiting
 * step checks before it acts); recorded in the Änderungsverlauf of the Vorgang.
 */
export async function stopOfferCadence(
  db: Database,
  zone: string,
  caller: Caller,
  vorgangId: number,
  today: string,
): Promise<OfferCadence> {
  await db.transaction().execute(async (trx) => {
    const vorgang = await trx
      .selectFrom('vorgang')
      .select('id')
      .where('id', '=', vorgangId)
      .forUpdate()
      .executeTakeFirst();
    if (!vorgang) throw notFound('Der Vorgang wurde nicht gefunden.');
    const link = await latestOfferLink(trx, vorgangId);
    if (!link || link.stopReason !== null) {
      throw badRequest('Für diesen Vorgang läuft kein Nachfassen.');
    }
    await stopOfferFollowUp(trx, vorgangId, caller.name);
    await recordChange(trx, {
      actor: caller,
      area: 'vorgang',
      recordId: vorgangId,
      vorgangId,
      before: { nachfassen: 'läuft' },
      after: { nachfassen: `beendet (Angebot vom ${formatCompanyDate(link.sentAt, zone)})` },
    });
  });
  return offerCadenceOf(db, zone, vorgangId, today);
}
