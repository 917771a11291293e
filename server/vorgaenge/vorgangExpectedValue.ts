import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { lockVorgang } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshot';

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
      const { rows } = await sql<{ value: number | null; day: string | null; hasBeleg: boolean }>`
      SELECT v.expected_value_cents::float8 AS value, to_char(v.expected_order_date, 'YYYY-MM-DD') AS day,
        EXISTS (SELECT 1 FROM beleg b WHERE b.vorgang_id = v.id) AS "hasBeleg"
      FROM vorgang v WHERE v.id = ${input.vorgangId}`.execute(trx);
      const before = rows[0]!;
      if (
        input.expectedValueCents !== before.value &&
        (before.hasBeleg || current.systemStatus !== 'anfrage')
      ) {
        throw badRequest(HAS_BELEG, { expectedValueCents: HAS_BELEG });
      }
      if (day !== before.day && current.systemStatus !== 'anfrage' && current.systemStatus !== 'angebot') {
        throw badRequest(NOT_OPEN, { expectedOrderDate: NOT_OPEN });
      }
      const updated = await sql<{ version: number }>`
      UPDATE vorgang SET expected_value_cents = ${input.expectedValueCents},
        expected_order_date = ${day}::date, version = version + 1, updated_at = now(), updated_by = ${caller.name}
      WHERE id = ${input.vorgangId} RETURNING version`.execute(trx);
      return {
        version: updated.rows[0]!.version,
        expectedValueCents: input.expectedValueCents,
        expectedOrderDate: day,
      };
    }),
  );
}
