import type { ConsentEntry, CustomerConsent } from '../../src/resources/consent/consent.endpoints';
import type { ConsentSource } from '../../src/resources/consent/consent.rules';
import { customerSubject } from '../customers/customerSnapshot';
import type { ChangeActor } from '../platform/changes/recordChange';
import { withChangeRecord } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { notFound } from '../platform/http/apiError';
import { consentNow } from './consentQueries';

export { consentNow } from './consentQueries';

/** The most records the customer page lists (a customer gives and withdraws a handful in a lifetime). */
const HISTORY_LIMIT = 200;

/** One grant or withdrawal as it is recorded. */
export interface ConsentChange {
  customerId: number;
  granted: boolean;
  source: ConsentSource;
  /** The day the customer gave or withdrew it (yyyy-MM-dd), null when not known. */
  givenOn: string | null;
  note: string | null;
  /** The mail whose unsubscribe link withdrew it. */
  sentMailId?: number | null;
}

/**
 * Records a grant or withdrawal of consent to advertising by e-mail, with the customer's row locked (two
 * unsubscribes at once record one withdrawal, the caller decides on the locked state) and the change of the
 * customer's consent in the Änderungsverlauf (the database keeps `newsletter_consent` as the latest record's
 * state). Runs in the caller's transaction, or its own.
 */
export async function recordConsentChange(
  db: Database,
  actor: ChangeActor,
  change: ConsentChange,
): Promise<void> {
  await inTransaction(db, (trx) =>
    withChangeRecord(trx, { ...customerSubject(change.customerId), actor }, async () => {
      await trx
        .insertInto('customer_consent')
        .values({
          customer_id: change.customerId,
          granted: change.granted,
          source: change.source,
          given_on: change.givenOn,
          note: change.note,
          sent_mail_id: change.sentMailId ?? null,
          recorded_by_oid: actor.oid,
          recorded_by_name: actor.name,
        })
        .execute();
    }),
  );
}

/** The customer's consent now and its records, newest first (404 when there is no such customer). */
export async function customerConsent(db: Database, customerId: number): Promise<CustomerConsent> {
  const granted = await consentNow(db, customerId);
  if (granted === undefined) throw notFound('Diesen Kunden gibt es nicht (mehr).');
  const rows = await db
    .selectFrom('customer_consent as k')
    .leftJoin('sent_mail as m', 'm.id', 'k.sent_mail_id')
    .select([
      'k.id',
      'k.granted',
      'k.source',
      'k.given_on as givenOn',
      'k.note',
      'm.subject as mailSubject',
      'k.recorded_at as recordedAt',
      'k.recorded_by_name as recordedBy',
    ])
    .where('k.customer_id', '=', customerId)
    .where('k.purpose', '=', 'werbung')
    .orderBy('k.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const history: ConsentEntry[] = rows.map((row) => ({
    ...row,
    source: row.source as ConsentSource,
    recordedAt: row.recordedAt.toISOString(),
  }));
  return { granted, history };
}
