import { sql, type RawBuilder } from 'kysely';
import type { NpsAnswerRow, NpsFilterValues } from '../../src/resources/nps/nps.endpoints';
import { NPS_SORT_FIELDS } from '../../src/resources/nps/nps.endpoints';
import type { Database } from '../platform/db/database';
import type { Executor } from '../platform/entities/entityRepository';
import { npsFilterClause } from './npsFilter';
import customerEntity from '../../src/resources/customers/customer.entity';
import { whereClause } from '../platform/entities/listQuery';

type Row = Omit<NpsAnswerRow, 'answeredAt'> & { answeredAt: Date };

const SORT_COLUMNS: Record<(typeof NPS_SORT_FIELDS)[number], string> = {
  answeredAt: 'a.answered_at',
  score: 'a.score',
  customerName: 'c.display_name',
  sellerName: 'u.name',
  branchName: 'b.name',
};

/** The columns of an answer as the list shows it (alias a, with customer c, seller u, branch b). */
const SELECT = sql`
  SELECT a.id, a.answered_at AS "answeredAt", a.score, a.comment, a.channel,
    a.customer_id AS "customerId", c.display_name AS "customerName",
    a.vorgang_id AS "vorgangId", v.vorgang_number AS "vorgangNumber",
    a.seller_user_id AS "sellerId", u.name AS "sellerName", a.branch_id AS "branchId", b.name AS "branchName",
    f.id AS "followUpId", f.due_date AS "followUpDue", f.done AS "followUpDone", fu.name AS "followUpUser",
    a.version
  FROM nps_answer a
  JOIN customer c ON c.id = a.customer_id
  LEFT JOIN vorgang v ON v.id = a.vorgang_id
  LEFT JOIN app_user u ON u.id = a.seller_user_id
  LEFT JOIN branch b ON b.id = a.branch_id
  LEFT JOIN activity f ON f.id = a.follow_up_activity_id
  LEFT JOIN app_user fu ON fu.id = f.user_id`;

/** ORDER BY for a whitelisted field; the id breaks ties so pages never overlap. */
export function npsOrderClause(sort: string | undefined, order: string | undefined): RawBuilder<unknown> {
  const column = SORT_COLUMNS[(sort ?? 'answeredAt') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.answeredAt;
  const direction = order === 'ASC' ? sql`ASC` : sql`DESC`;
  // answered_at and score are never null: no NULLS clause there, so an index scan can serve the order.
  const nulls = column.startsWith('a.') ? sql`` : sql`NULLS LAST`;
  return sql`ORDER BY ${sql.raw(column)} ${direction} ${nulls}, a.id ${direction}`;
}

/** One page of answers, filtered and sorted in SQL. */
export async function listNpsAnswers(
  db: Database,
  zone: string,
  filter: NpsFilterValues,
  sort: { sort?: string; order?: string },
  page: number,
  perPage: number,
): Promise<Row[]> {
  const { rows } = await sql<Row>`${SELECT}
    WHERE ${npsFilterClause(filter, zone)}
    ${npsOrderClause(sort.sort, sort.order)}
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(db);
  return rows;
}

/** The number of answers the filters match. */
export async function countNpsAnswers(db: Database, zone: string, filter: NpsFilterValues): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM nps_answer a WHERE ${npsFilterClause(filter, zone)}`.execute(db);
  return rows[0]!.total;
}

/** One answer as the list shows it, or undefined. */
export async function findNpsAnswer(db: Executor, id: number): Promise<Row | undefined> {
  const { rows } = await sql<Row>`${SELECT} WHERE a.id = ${id}`.execute(db);
  return rows[0];
}

/** Branches and the sellers who have answers, for the filters. */
export async function npsFilterOptions(db: Database) {
  const branches = await sql<{ id: number; name: string }>`
    SELECT id, name FROM branch WHERE active ORDER BY name`.execute(db);
  const sellers = await sql<{ id: number; name: string }>`
    SELECT u.id, u.name FROM app_user u
    WHERE EXISTS (SELECT 1 FROM nps_answer a WHERE a.seller_user_id = u.id) ORDER BY u.name`.execute(db);
  return { branches: branches.rows, sellers: sellers.rows };
}

/**
 * Up to 20 customers found as the Kunden list finds them (or the one with `id`), each with their latest 10
 * Vorgänge.
 */
export async function npsCustomerOptions(db: Database, q: string | undefined, id: number | undefined) {
  // The Kunden list's own quick search (alias t): every word in any order, commas ignored, a phone number
  // however typed. A picker never has a rule of its own.
  const search = whereClause(customerEntity, id ? { id } : { q: q ?? '' });
  const { rows } = await sql<{
    id: number;
    name: string;
    city: string | null;
    email: string | null;
    vorgaenge: { id: number; number: string; title: string }[];
  }>`
    SELECT t.id, t.display_name AS name, t.city, t.email,
      coalesce((SELECT json_agg(x) FROM (
        SELECT v.id, v.vorgang_number AS number, v.title FROM vorgang v
        WHERE v.customer_id = t.id ORDER BY v.created_at DESC, v.id DESC LIMIT 10) x), '[]') AS vorgaenge
    FROM customer t
    ${search}
    ORDER BY t.display_name, t.id
    LIMIT 20`.execute(db);
  return rows;
}
