import { sql } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';
import type { RunSubject } from './runSubject';

/** The run's record with its Vorgang, customer, seller and branch; undefined when the customer is gone. */
export async function subjectRow(
  db: Executor,
  vorgangId: number | null,
  customerId: number | null,
): Promise<
  (Omit<RunSubject, 'holidayRegion'> & { region: string | null; country: string | null }) | undefined
> {
  const { rows } = await sql<
    Omit<RunSubject, 'holidayRegion'> & { region: string | null; country: string | null }
  >`
    SELECT v.id AS "vorgangId", c.id AS "customerId", v.vorgang_number AS "vorgangNumber", v.title AS "vorgangTitle",
      v.version AS "vorgangVersion", v.custom_status_id AS "customStatusId", v.net_total_cents::float8 AS "netTotalCents",
      coalesce(c.display_name, concat_ws(' ', c.first_name, c.last_name)) AS "customerName", c.email AS "customerEmail",
      v.seller_user_id AS "sellerUserId", s.name AS "sellerName", s.azure_oid AS "sellerOid",
      c.owner_user_id AS "ownerUserId", b.id AS "branchId", b.name AS "branchName",
      b.lead_user_id AS "branchLeadUserId", b.holiday_region AS region, b.country
    FROM customer c
    LEFT JOIN vorgang v ON v.id = ${vorgangId}::int AND v.customer_id = c.id
    LEFT JOIN app_user s ON s.id = v.seller_user_id
    LEFT JOIN branch b ON b.id = coalesce(v.branch_id, c.branch_id)
    WHERE c.id = coalesce((SELECT customer_id FROM vorgang WHERE id = ${vorgangId}::int), ${customerId}::int)`.execute(
    db,
  );
  return rows[0];
}
