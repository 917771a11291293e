import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';

/**
 * Writes an Excel export into the Datenschutz-Protokoll (privacy_request, kind "export") before its first byte:
 * who, what; `finish` adds how many rows once it is written (null rows: it broke off). An export names no
 * single customer, and `subject` names no value of one (the list and which selection, never a search text).
 */
export async function recordExport(request: FastifyRequest, subject: string) {
  const caller = request.caller!;
  const { db } = request.server;
  const { rows } = await sql<{ id: number }>`INSERT INTO privacy_request (kind, subject, requested_by_oid,
      requested_by_name) VALUES ('export', ${subject}, ${caller.oid}, ${caller.name}) RETURNING id`.execute(
    db,
  );
  const id = rows[0]!.id;
  return {
    finish: async (rowCount: number | null) => {
      await sql`UPDATE privacy_request SET row_count = ${rowCount},
          subject = CASE WHEN ${rowCount}::int IS NULL THEN subject || ' (abgebrochen)' ELSE subject END
        WHERE id = ${id}`.execute(db);
    },
  };
}

/**
 * Which conditions a list's filter set, by their German names (never their values, which may name a person):
 * " (gefiltert nach Name, Filiale)", or "" without any. `labelOf` names a filter key; unknown keys count as
 * "weitere Bedingungen".
 */
export function filterNames(
  filter: Record<string, unknown> | null | undefined,
  labelOf: (key: string) => string | undefined,
): string {
  const set = Object.entries(filter ?? {}).filter(
    ([, value]) =>
      value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length),
  );
  if (!set.length) return '';
  const names = [
    ...new Set(set.map(([key]) => (key === 'q' ? 'Suche' : (labelOf(key) ?? 'weitere Bedingungen')))),
  ];
  return ` (gefiltert nach ${names.join(', ')})`;
}
