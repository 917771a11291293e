import type { Recipient } from '../../src/resources/automation/automationTypes';
import { RECIPIENT_NAMES, type TextValues } from '../../src/resources/automation/automation.rules';
import { holidayRegionOf } from '../../src/resources/automation/holidayRegions.rules';
import type { Executor } from '../platform/entities/entityRepository';
import { tenantRegion } from './holidayRegionQueries';
import { subjectRow } from './runSubjectQueries';

/** The record a run acts on: its Vorgang (if any) and customer, with the people and the branch it names. */
export interface RunSubject {
  vorgangId: number | null;
  customerId: number;
  vorgangNumber: string | null;
  vorgangTitle: string | null;
  vorgangVersion: number | null;
  customStatusId: number | null;
  netTotalCents: number | null;
  customerName: string;
  customerEmail: string | null;
  sellerUserId: number | null;
  sellerName: string | null;
  sellerOid: string | null;
  ownerUserId: number | null;
  branchId: number | null;
  branchName: string | null;
  branchLeadUserId: number | null;
  /** Whose public holidays count for its working days. */
  holidayRegion: string;
}

/** The run's record as it is now; undefined when it is gone (deleted meanwhile). */
export async function loadSubject(
  db: Executor,
  vorgangId: number | null,
  customerId: number | null,
  zone: string,
): Promise<RunSubject | undefined> {
  const row = await subjectRow(db, vorgangId, customerId);
  if (!row || (vorgangId !== null && row.vorgangId === null)) return undefined;
  const { region, country, ...subject } = row;
  return {
    ...subject,
    holidayRegion:
      row.branchId === null ? tenantRegion(zone) : holidayRegionOf({ holidayRegion: region, country }),
  };
}

/** A person an action means, or why there is none. */
export type ResolvedPerson = { userId: number; name: string } | { missing: string };

/** Who `recipient` is for this record (an active CRM user), or why nobody. */
export async function resolveRecipient(
  db: Executor,
  subject: RunSubject,
  recipient: Recipient,
): Promise<ResolvedPerson> {
  const userId =
    recipient.role === 'verkaeufer'
      ? subject.sellerUserId
      : recipient.role === 'betreuer'
        ? subject.ownerUserId
        : recipient.role === 'filialleitung'
          ? subject.branchLeadUserId
          : recipient.userId;
  const why =
    recipient.role === 'filialleitung'
      ? subject.branchName
        ? `Für die Filiale ${subject.branchName} ist keine Filialleitung hinterlegt (Admin-Verkauf → Filialen).`
        : 'Der Datensatz hat keine Filiale, also keine Filialleitung.'
      : recipient.role === 'verkaeufer' && subject.vorgangId === null
        ? 'Ohne Vorgang gibt es keinen Verkäufer.'
        : `${RECIPIENT_NAMES[recipient.role]}: niemand eingetragen.`;
  if (userId === null) return { missing: why };
  const user = await db
    .selectFrom('app_user')
    .select(['name', 'active'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return { missing: why };
  if (!user.active) return { missing: `${user.name} ist nicht mehr aktiv.` };
  return { userId, name: user.name };
}

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** The values of a todo's or notification's placeholders for this record and run. */
export function textValues(subject: RunSubject, automationName: string, occurrence: string): TextValues {
  return {
    Vorgang: subject.vorgangNumber ? `${subject.vorgangNumber} ${subject.vorgangTitle ?? ''}`.trim() : '',
    Kunde: subject.customerName,
    Verkäufer: subject.sellerName ?? '',
    Betrag: subject.netTotalCents === null ? '' : euro.format(subject.netTotalCents / 100),
    Anlass: occurrence,
    Automatisierung: automationName,
  };
}

/** Where a click on the record leads in the app. */
export const subjectLink = (subject: RunSubject) =>
  subject.vorgangId !== null ? `/crm/vorgang/${subject.vorgangId}` : `/crm/kunden/${subject.customerId}/show`;
