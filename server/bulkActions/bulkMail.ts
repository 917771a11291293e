import customerEntity from '../../src/resources/customers/customer.entity';
import type { BulkTarget } from '../../src/resources/bulkActions/bulkActionTypes';
import { sendMailToCustomer } from '../../src/resources/mail/mail.endpoints';
import { looksLikeEmail } from '../../src/resources/mail/mail.rules';
import { hasAnyGroup } from '../../src/auth/groups';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, forbidden } from '../platform/http/apiError';
import { touchCustomer } from '../customers/customerQueries';
import { mailSender } from '../mail/mailQueries';
import { queueMail } from '../mail/mailOutbox';
import type { JobQueue } from '../platform/jobs/jobQueue';
import { personalisedMail } from '../mail/personalisedMail';
import { templateFor } from '../textTemplates/textTemplateQueries';
import { consentRefusal } from '../consent/consentRule';
import { BulkRefused } from './bulkRefused';
import { inScope } from './vorgangBulkChange';

const refuseTemplate = (message: string): never => {
  throw badRequest(message, { templateId: message });
};

/**
 * Refuses a bulk mail before anything is queued: without the group that sends mails (403), with a template
 * that is not there or not active (400 at the template) or that the caller may not use (403), or when no
 * sender address is set (400). Answers the template.
 */
export async function checkBulkMail(db: Database, caller: Caller, templateId: number) {
  if (!hasAnyGroup(caller.groups, sendMailToCustomer.access.groups)) {
    throw forbidden('Sie haben keine Berechtigung, E-Mails an Kunden zu senden.');
  }
  const template = await templateFor(db, caller, templateId);
  if (!template) return refuseTemplate('Diese Textvorlage gibt es nicht.');
  if (!template.active) return refuseTemplate('Diese Textvorlage ist deaktiviert.');
  if (!template.usable) throw forbidden('Diese Textvorlage dürfen Sie nicht verwenden.');
  const sender = await mailSender(db, caller.oid);
  if (!sender?.address) {
    throw badRequest('Es ist keine Absenderadresse eingestellt (Admin → Einstellungen → E-Mail-Versand).');
  }
  return template;
}

/**
 * The record a job's item writes to: its row, or for a due label the Vorgang or customer the label is on (its
 * key: vorgangLabel:<vorgangId>:<labelId>, kundeLabel:<kundeId>:<labelId>), written to as that list's mail does.
 */
function recordOf(item: { recordId: number; target: BulkTarget; itemKey?: string | null }) {
  if (item.target !== 'faelligeLabels') return { target: item.target, recordId: item.recordId };
  const [kind, id] = (item.itemKey ?? '').split(':');
  if (!id || (kind !== 'vorgangLabel' && kind !== 'kundeLabel'))
    throw new BulkRefused('Dieses Label ist unbekannt.');
  return {
    target: kind === 'vorgangLabel' ? ('vorgaenge' as const) : ('kunden' as const),
    recordId: Number(id),
  };
}

/** The recipient of one selected record: the customer, or the Vorgang's customer with the Vorgang. */
async function recipientOf(trx: Database, caller: Caller, target: 'kunden' | 'vorgaenge', recordId: number) {
  if (target === 'kunden') {
    if (!hasAnyGroup(caller.groups, customerEntity.access.read)) {
      throw new BulkRefused('Keine Berechtigung, diesen Kunden zu sehen.');
    }
    const customer = await trx
      .selectFrom('customer')
      .select('email')
      .where('id', '=', recordId)
      .executeTakeFirst();
    if (!customer) throw new BulkRefused('Der Kunde wurde inzwischen gelöscht.');
    return { customerId: recordId, vorgangId: null, email: customer.email };
  }
  const found = await trx
    .selectFrom('vorgang as v')
    .innerJoin('customer as c', 'c.id', 'v.customer_id')
    .select([
      'v.customer_id as customerId',
      'v.seller_user_id as sellerUserId',
      'v.branch_id as branchId',
      'c.email',
    ])
    .where('v.id', '=', recordId)
    .executeTakeFirst();
  if (!found) throw new BulkRefused('Der Vorgang wurde inzwischen gelöscht.');
  if (!(await inScope(trx, caller, found))) {
    throw new BulkRefused(
      'Keine Berechtigung: Der Vorgang gehört weder Ihnen noch einer Filiale, die Sie leiten.',
    );
  }
  return { customerId: found.customerId, vorgangId: recordId, email: found.email };
}

/**
 * One record of "Mail senden", inside the item's transaction: the template filled for its customer (and
 * Vorgang) by the same code as a single mail, put into the Postausgang as waiting (the outbox sends it within
 * the mail limit, never this job), and the customer's last activity moved on as a single mail does. A record
 * without a usable address, out of the caller's reach, a customer without consent to an advertising
 * template's mail (the consent rule), or a template no longer usable is refused with the reason; nothing of it
 * is queued.
 */
export async function queueBulkMail(
  trx: Database,
  jobs: JobQueue,
  item: { jobId: number; recordId: number; target: BulkTarget; itemKey?: string | null },
  templateId: number,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  if (!hasAnyGroup(caller.groups, sendMailToCustomer.access.groups)) {
    throw new BulkRefused('Keine Berechtigung, E-Mails zu senden.');
  }
  const record = recordOf(item);
  const recipient = await recipientOf(trx, caller, record.target, record.recordId);
  const to = recipient.email?.trim() ?? '';
  if (!to) throw new BulkRefused('Keine E-Mail-Adresse hinterlegt.');
  if (!looksLikeEmail(to)) throw new BulkRefused(`Die E-Mail-Adresse „${to}“ ist ungültig.`);
  const template = await templateFor(trx, caller, templateId);
  if (!template?.active || !template.usable) {
    throw new BulkRefused('Die Textvorlage ist nicht (mehr) verfügbar.');
  }
  const refusal = await consentRefusal(trx, recipient.customerId, template.purpose);
  if (refusal) throw new BulkRefused(refusal);
  const mail = await personalisedMail(
    trx,
    caller,
    template,
    recipient.customerId,
    recipient.vorgangId,
    timeZone,
  );
  await queueMail(trx, jobs, caller, {
    customerId: recipient.customerId,
    vorgangId: recipient.vorgangId,
    templateId,
    recipient: to,
    ...mail,
    bulkJobId: item.jobId,
    purpose: template.purpose,
  });
  await touchCustomer(trx, recipient.customerId);
  return true;
}
