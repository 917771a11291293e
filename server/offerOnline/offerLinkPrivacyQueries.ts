import { sql } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';

type Row = Record<string, unknown>;

/** Each online offer of a customer with its events and acceptance, for the Art. 15 report. */
export async function offerLinksOfCustomer(db: Executor, customerId: number): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT l.id, b.beleg_number, l.email, l.sent_at, l.valid_until, l.state, l.decided_at, l.decline_reason,
      l.open_count, l.pdf_sha256, a.accepted_at, a.signer_name, a.ip, a.user_agent, a.code_email,
      a.code_verified_at, a.widerruf_until,
      (SELECT string_agg(e.kind || ' ' || to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'
          || coalesce(' (' || e.ip || ')', '') || coalesce(': ' || e.message, ''), ' | ' ORDER BY e.at, e.id)
        FROM offer_link_event e WHERE e.offer_link_id = l.id) AS events
    FROM offer_link l JOIN beleg b ON b.id = l.beleg_id
      LEFT JOIN offer_acceptance a ON a.offer_link_id = l.id
    WHERE l.customer_id = ${customerId} ORDER BY l.sent_at, l.id`.execute(db);
  return rows;
}

/** Deletes a customer's online offers (events, codes, acceptance with them); answers the kept PDFs' names. */
export async function deleteOfferLinksOfCustomer(db: Executor, customerId: number): Promise<string[]> {
  const { rows } = await sql<{ name: string | null }>`
    WITH gone AS (DELETE FROM offer_link WHERE customer_id = ${customerId}
                  RETURNING id, pdf_stored_name)
    SELECT pdf_stored_name AS name FROM gone
    UNION ALL
    SELECT a.certified_stored_name FROM offer_acceptance a JOIN gone g ON g.id = a.offer_link_id`.execute(db);
  return rows.map((row) => row.name).filter((name): name is string => Boolean(name));
}
