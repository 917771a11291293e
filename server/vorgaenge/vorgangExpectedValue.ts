import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { lockVorgang, updateVorgang } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshotQueries';

const HAS_BELEG =
  'Der Vorgang hat bereits einen Beleg: es gilt dessen Summe netto. Die Schätzung bleibt nur zum Vergleich.';
const NOT_OPEN =
  'Der Vorgang ist nicht mehr offen (Auftrag, Rechnung oder verloren): kein erwarteter Auftrag mehr.';

/**
 * The seller's estimate of a Vorgang: its expected value may change only while no Beleg exists (then
 * the Beleg's Summe netto rules, pipeline.rules.ts), its expected order day while it is open (Anfrage, Angebot).
 * Values sent unchanged are always accepted, so a form may send both. Checked at the caller's version (409).
 */
export async function setExpectedValue(
  db: Database,
  input: {
    vorgangId: number;
    version: number;
    expectedValueCents: number | null;
    expectedOrderDate: string | null;
  },
  caller: Caller,
): Promise<{ version: number; expectedValueCents: number | null; expectedOrderDate: string | null }> {
  const day = input.expectedOrderDate;
  if (day !== null && !isValid(parseISO(day))) {
    const message = 'Erwarteter Auftrag: Bitte geben Sie ein gültiges Datum ein.';
    throw badRequest(message, { expectedOrderDate: message });
  }
  return db.transaction().execute(async (trx) =>
    withChangeRecord(trx, { ...vorgangSubject(input.vorgangId), actor: caller }, async () => {
      const current = await lockVorgang(trx, input.vorgangId, input.version);
      const before = await trx
        .selectFrom('vorgang as v')
        .select((eb) => [
          'v.expected_value_cents as value',
          'v.expected_order_date as day',
          eb
            .exists(eb.selectFrom('beleg as b').select('b.id').whereRef('b.vorgang_id', '=', 'v.id'))
            .as('hasBeleg'),
        ])
        .where('v.id', '=', input.vorgangId)
        .executeTakeFirstOrThrow();
      if (
        input.expectedValueCents !== before.value &&
        (before.hasBeleg || current.systemStatus !== 'anfrage')
      ) {
        throw badRequest(HAS_BELEG, { expectedValueCents: HAS_BELEG });
      }
      if (day !== before.day && current.systemStatus !== 'anfrage' && current.systemStatus !== 'angebot') {
        throw badRequest(NOT_OPEN, { expectedOrderDate: NOT_OPEN });
      }
      const version = await updateVorgang(
        trx,
        input.vorgangId,
        { expected_value_cents: input.expectedValueCents, expected_order_date: day },
        caller,
      );
      return {
        version,
        expectedValueCents: input.expectedValueCents,
        expectedOrderDate: day,
      };
    }),
  );
}
