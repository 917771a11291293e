import type { FastifyInstance } from 'fastify';
import {
  companyToday,
  companyWallClock,
  formatCompanyDate,
  formatCompanyDateTime,
} from '../../src/config/companyTime';
import type { Caller } from '../platform/auth/caller';
import { defineJob } from '../platform/jobs/defineJob';
import { queueMail } from '../mail/mailOutbox';
import {
  claimDigestDay,
  digestCandidates,
  markDigestThrough,
  recipientOf,
  unreadSince,
} from './digestQueries';

/** From this hour of the company's day on, the day's digest goes out (at the first run from then). */
export const DIGEST_HOUR = 7;
/** Notifications listed in one digest; more are counted with a link to the bell. */
const LISTED = 30;
const BATCH = 100;

/** The sender the Postausgang names for digests: no person, the company's sender address. */
const DIGEST_SENDER: Caller = {
  oid: 'system:benachrichtigungen',
  tid: '',
  name: 'CRM-Benachrichtigungen',
  username: '',
  groups: [],
};

/**
 * Sends the day's digests due at `now`: per person with the digest on, once per company day (the tenant's
 * zone), from `fromHour` on; the unread notifications newer than the last digest, as one plain mail through the
 * Postausgang, queued in the transaction that marks the day sent (two runs or instances never send twice).
 * Nothing is sent when nothing new is unread. Answers how many mails were queued.
 */
export async function sendDailyDigests(
  app: FastifyInstance,
  now: Date,
  { fromHour = DIGEST_HOUR, signal }: { fromHour?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const zone = app.timeZone;
  if (companyWallClock(now, zone).getHours() < fromHour) return 0;
  const day = companyToday(zone, now);
  let sent = 0;
  let after = 0;
  for (;;) {
    const people = await digestCandidates(app.db, day, after, BATCH);
    for (const userId of people) {
      if (signal?.aborted) return sent;
      if (await digestOne(app, userId, day, now)) sent += 1;
    }
    if (people.length < BATCH) return sent;
    after = people[people.length - 1]!;
  }
}

async function digestOne(app: FastifyInstance, userId: number, day: string, now: Date): Promise<boolean> {
  return app.db.transaction().execute(async (trx) => {
    const claimed = await claimDigestDay(trx, userId, day);
    if (!claimed) return false;
    const unread = await unreadSince(trx, userId, claimed.throughId, LISTED);
    const person = await recipientOf(trx, userId);
    if (unread.total === 0 || !person.email) return false;
    await markDigestThrough(trx, userId, unread.lastId);
    const base = app.publicUrl.replace(/\/+$/, '');
    const count =
      unread.total === 1 ? '1 ungelesene Benachrichtigung' : `${unread.total} ungelesene Benachrichtigungen`;
    const items = unread.rows.map((row) =>
      [
        `- ${row.title} (${formatCompanyDateTime(row.created_at, app.timeZone)})`,
        ...(row.body ? [`  ${row.body}`] : []),
        `  ${base}${row.link ?? '/crm/'}`,
      ].join('\n'),
    );
    const more = unread.total - unread.rows.length;
    const body = [
      `Guten Tag ${person.name},`,
      '',
      `Sie haben ${count} im CRM:`,
      '',
      items.join('\n\n'),
      ...(more > 0 ? ['', `… und ${more} weitere (in der Glocke oben rechts): ${base}/crm/`] : []),
      '',
      'Diese tägliche Zusammenfassung können Sie im CRM unter Profil → Benachrichtigungen abschalten.',
    ].join('\n');
    await queueMail(trx, app.jobs, DIGEST_SENDER, {
      customerId: null,
      vorgangId: null,
      templateId: null,
      recipient: person.email,
      subject: `Ihre Benachrichtigungen im CRM vom ${formatCompanyDate(now, app.timeZone)}`,
      body,
      bulkJobId: null,
      purpose: null,
    });
    return true;
  });
}

/** The daily e-mail digest: every 15 minutes, once across instances; a repeated run finds the day sent. */
export const dailyDigestJob = defineJob({
  name: 'notifications.dailyDigest',
  label: 'Tägliche Zusammenfassung der Benachrichtigungen senden',
  schedule: '*/15 * * * *',
  policy: 'singleton',
  run: async (_data, { app, signal }) => sendDailyDigests(app, new Date(), { signal }),
});
