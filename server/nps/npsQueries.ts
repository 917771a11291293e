import { sql, type RawBuilder } from 'kysely';
import type { NpsAnswerRow, NpsFilterValues } from '../../src/resources/nps/nps.endpoints';
import { NPS_SORT_FIELDS } from '../../src/resources/nps/nps.endpoints';
import type { Database } from '../platform/db/database';
import type { Executor } from '../platform/entities/entityRepository';
import { npsFilterClause } from './npsFilterQueries';
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
  const branches = await db
    .selectFrom('branch')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('name')
    .execute();
  const sellers = await db
    .selectFrom('app_user as u')
    .select(['u.id', 'u.name'])
    .where((eb) =>
      eb.exists(eb.selectFrom('nps_answer as a').select('a.id').whereRef('a.seller_user_id', '=', 'u.id')),
    )
    .orderBy('u.name')
    .execute();
  return { branches, sellers };
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

/**
 * Closing the loop: a detractor (0-6) without a todo yet gets a call, due today in the company's calendar,
 * for the customer's Betreuer (else the answer's seller). It is an ordinary open activity with a due date,
 * its text reads "NPS 4: Kunde anrufen" (and the comment), so it shows in Todos, on the dashboard and on the customer's timeline; done means followed up.
 */
export async function ensureFollowUp(trx: Executor, answerId: number, zone: string, author: string) {
  await sql`
    WITH answer AS (
      SELECT a.id, a.customer_id, a.vorgang_id, a.score, a.comment,
        coalesce(c.owner_user_id, a.seller_user_id) AS user_id
      FROM nps_answer a JOIN customer c ON c.id = a.customer_id
      WHERE a.id = ${answerId} AND a.score <= 6 AND a.follow_up_activity_id IS NULL
      FOR UPDATE OF a
    ), todo AS (
      INSERT INTO activity (customer_id, vorgang_id, activity_type, due_date, done, note, user_id, updated_by)
      SELECT customer_id, vorgang_id, 'anruf', (now() AT TIME ZONE ${zone})::date, false,
        'NPS ' || score || ': Kunde anrufen' || coalesce(E'\n„' || nullif(btrim(comment), '') || '“', ''),
        user_id, ${author}
      FROM answer
      RETURNING id
    )
    UPDATE nps_answer SET follow_up_activity_id = (SELECT id FROM todo)
    WHERE id = ${answerId} AND EXISTS (SELECT 1 FROM todo)`.execute(trx);
}

/** An answer of the Excel export: the list's columns with names for ids. */
export interface ExportRow {
  answeredAt: Date;
  score: number;
  comment: string | null;
  channel: string;
  customerNumber: string | null;
  customerName: string;
  vorgangNumber: string | null;
  sellerName: string | null;
  branchName: string | null;
  followUpDone: boolean | null;
}

/** The filtered, sorted answers for the Excel export (run from a cursor by the sheet writer). */
export function npsExportQuery(
  zone: string,
  filter: NpsFilterValues,
  sort: { sort?: string; order?: string },
) {
  return sql<ExportRow>`
    SELECT a.answered_at AS "answeredAt", a.score, a.comment, a.channel, c.customer_number AS "customerNumber",
      c.display_name AS "customerName", v.vorgang_number AS "vorgangNumber", u.name AS "sellerName",
      b.name AS "branchName", f.done AS "followUpDone"
    FROM nps_answer a
    JOIN customer c ON c.id = a.customer_id
    LEFT JOIN vorgang v ON v.id = a.vorgang_id
    LEFT JOIN app_user u ON u.id = a.seller_user_id
    LEFT JOIN branch b ON b.id = a.branch_id
    LEFT JOIN activity f ON f.id = a.follow_up_activity_id
    WHERE ${npsFilterClause(filter, zone)}
    ${npsOrderClause(sort.sort, sort.order)}`;
}

/** Stores a survey's answer with branch and seller as a captured answer gets them (Vorgang, else customer). */
export async function insertSurveyAnswer(
  trx: Database,
  survey: { customerId: number; vorgangId: number | null },
  score: number,
  text: string | null,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
        INSERT INTO nps_answer (customer_id, vorgang_id, score, comment, channel, branch_id, seller_user_id, updated_by)
        SELECT c.id, v.id, ${score}, ${text}, 'web', coalesce(v.branch_id, c.branch_id),
          coalesce(v.seller_user_id, c.owner_user_id), 'Online-Umfrage'
        FROM customer c LEFT JOIN vorgang v ON v.id = ${survey.vorgangId}
        WHERE c.id = ${survey.customerId}
        RETURNING id`.execute(trx);
  return rows[0]!.id;
}

/** A captured NPS answer's values, with who saves it. */
export interface NpsAnswerValues {
  customerId: number;
  vorgangId: number | null;
  score: number;
  comment: string | null;
  channel: string;
  branchId: number | null;
  sellerId: number | null;
  by: string;
}

/** The instant of an answer given on company day `day`: today the moment of saving, else its noon (no zone moves it). */
const answeredInstant = (
  zone: string,
  day: string,
) => sql<Date>`CASE WHEN ${day}::date = (now() AT TIME ZONE ${zone})::date THEN now()
  ELSE ((${day}::date + time '12:00') AT TIME ZONE ${zone}) END`;

/** Stores a new captured answer given on company day `day`; answers its id. */
export async function insertNpsAnswer(
  trx: Database,
  zone: string,
  day: string,
  v: NpsAnswerValues,
): Promise<number> {
  const { id } = await trx
    .insertInto('nps_answer')
    .values({
      customer_id: v.customerId,
      vorgang_id: v.vorgangId,
      score: v.score,
      comment: v.comment,
      channel: v.channel,
      answered_at: answeredInstant(zone, day),
      branch_id: v.branchId,
      seller_user_id: v.sellerId,
      updated_by: v.by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes a captured answer at `version` (the same day keeps its time); undefined when stale or gone. */
export async function updateNpsAnswer(
  trx: Database,
  zone: string,
  day: string,
  id: number,
  version: number,
  v: NpsAnswerValues,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('nps_answer')
    .set((eb) => ({
      customer_id: v.customerId,
      vorgang_id: v.vorgangId,
      score: v.score,
      comment: v.comment,
      channel: v.channel,
      branch_id: v.branchId,
      seller_user_id: v.sellerId,
      // The same day keeps its time, so an edit of the comment does not move the answer.
      answered_at: sql<Date>`CASE WHEN (answered_at AT TIME ZONE ${zone})::date = ${day}::date THEN answered_at
        ELSE ${answeredInstant(zone, day)} END`,
      version: eb('version', '+', 1),
      updated_at: eb.fn<Date>('now'),
      updated_by: v.by,
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
