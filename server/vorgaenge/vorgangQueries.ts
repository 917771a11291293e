import type { NewVorgangValues } from './newVorgang';
import type { Updateable } from 'kysely';
import type { DB } from '../platform/db/schema';
import { sql } from 'kysely';
import type {
  StatusChange,
  VorgangDetail,
  VorgangLabel,
} from '../../src/resources/vorgaenge/vorgangPageTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import type { Executor } from '../platform/entities/entityRepository';
import { notFound } from '../platform/http/apiError';
import { staleVorgang } from './vorgangEvents';
import { isRecording, recordChange, type Snapshot } from '../platform/changes/recordChange';
import {
  fieldsOf,
  LOCKED_PREFIX,
  lockedSnapshotSelect,
  type SnapshotColumns,
} from '../platform/changes/recordInStatement';
import { rowSnapshot } from '../platform/changes/rowSnapshot';

const MISSING = 'Der Vorgang wurde nicht gefunden.';

/** The labels of a Vorgang with their due dates, by name. */
export async function labelsOfVorgang(db: Executor, vorgangId: number): Promise<VorgangLabel[]> {
  const { rows } = await sql<VorgangLabel>`
    SELECT vl.label_id AS "labelId", l.name, l.color, to_char(vl.due_date, 'YYYY-MM-DD') AS "dueDate",
      vl.added_by AS "addedBy"
    FROM vorgang_label vl JOIN label l ON l.id = vl.label_id
    WHERE vl.vorgang_id = ${vorgangId}
    ORDER BY lower(l.name)`.execute(db);
  return rows;
}

/** One Vorgang with its header, labels, Belege (newest first) with positions and notes; 404 if unknown. */
export async function vorgangDetail(db: Database, id: number): Promise<VorgangDetail> {
  const { rows } = await sql<Omit<VorgangDetail, 'labels'>>`
    SELECT v.id, v.version, v.vorgang_number AS "vorgangNumber", v.title,
      json_build_object('id', c.id, 'name', coalesce(c.company_name,
        trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')))) AS customer,
      CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('id', e.id, 'name', e.name, 'city', e.city) END
        AS "endCustomer",
      u.name AS seller, v.seller_user_id AS "sellerUserId", br.name AS branch, v.origin,
      v.system_status AS "systemStatus",
      ps.name AS "systemStatusName",
      CASE WHEN cs.id IS NULL THEN NULL ELSE json_build_object('id', cs.id, 'name', cs.name, 'color', cs.color) END
        AS "customStatus",
      v.net_total_cents::float8 AS "netTotalCents", v.plan_db_cents::float8 AS "planDbCents",
      v.expected_value_cents::float8 AS "expectedValueCents",
      to_char(v.expected_order_date, 'YYYY-MM-DD') AS "expectedOrderDate", v.lost_reason AS "lostReason",
      v.last_activity_at AS "lastActivityAt", v.updated_at AS "updatedAt", v.updated_by AS "updatedBy",
      coalesce((
        SELECT json_agg(json_build_object(
          'id', b.id, 'belegNumber', b.beleg_number, 'belegType', b.beleg_type,
          'belegDate', to_char(b.beleg_date, 'YYYY-MM-DD'), 'netCents', b.net_cents, 'grossCents', b.gross_cents,
          'status', b.status,
          'positions', coalesce((
            SELECT json_agg(json_build_object(
              'id', p.id, 'version', p.version, 'posNr', p.pos_nr, 'articleNumber', p.article_number,
              'description', p.description, 'customDescription', p.custom_description,
              'quantity', p.quantity, 'unit', p.unit, 'unitPriceCents', p.unit_price_cents,
              'totalCents', p.total_cents) ORDER BY p.pos_nr)
            FROM beleg_position p WHERE p.beleg_id = b.id), '[]'::json),
          'notes', coalesce((
            SELECT json_agg(json_build_object('id', n.id, 'text', n.text, 'author', n.created_by,
              'createdAt', n.created_at) ORDER BY n.created_at DESC, n.id DESC)
            FROM beleg_note n WHERE n.beleg_id = b.id), '[]'::json)
        ) ORDER BY b.beleg_date DESC, b.id DESC)
        FROM beleg b WHERE b.vorgang_id = v.id), '[]'::json) AS belege
    FROM vorgang v
    JOIN customer c ON c.id = v.customer_id
    JOIN possible_status ps ON ps.code = v.system_status
    LEFT JOIN custom_status cs ON cs.id = v.custom_status_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id
    LEFT JOIN branch br ON br.id = v.branch_id
    LEFT JOIN end_customer e ON e.id = v.end_customer_id
    WHERE v.id = ${id}`.execute(db);
  if (!rows[0]) throw notFound(MISSING);
  return { ...rows[0], labels: await labelsOfVorgang(db, id) };
}

/**
 * The Vorgang's row locked for a change at the version the caller saw: 404 unknown, 409 naming who changed it.
 * With `snapshot`, while the Änderungsverlauf records, `before` is the row's own fields as they are before the
 * change (read with the lock, which keeps them so until the change commits), for `updateLockedWithRecord`.
 */
export async function lockVorgang(trx: Executor, id: number, version: number, snapshot?: SnapshotColumns) {
  const withSnapshot = snapshot !== undefined && isRecording();
  const { rows } = await sql<{
    version: number;
    systemStatus: string;
    customStatusId: number | null;
    updatedBy: string | null;
  }>`
    SELECT version, system_status AS "systemStatus", custom_status_id AS "customStatusId",
      updated_by AS "updatedBy" ${withSnapshot ? sql`, ${lockedSnapshotSelect(trx, snapshot, 'vorgang')}` : sql``}
    FROM vorgang WHERE id = ${id} FOR UPDATE`.execute(trx);
  const row = rows[0];
  if (!row) throw notFound(MISSING);
  const before: Snapshot | null = withSnapshot ? fieldsOf(row, LOCKED_PREFIX) : null;
  if (row.version !== version) throw await staleVorgang(trx, id, row);
  return { ...row, before };
}

/** Counts a change on the Vorgang: next version, who and when; returns the new version. */
export async function touchVorgang(trx: Executor, id: number, caller: Caller): Promise<number> {
  return updateVorgang(trx, id, {}, caller);
}

/** Changes fields of the Vorgang as a new version (who and when); returns the new version. */
export async function updateVorgang(
  trx: Database,
  id: number,
  values: Updateable<DB['vorgang']>,
  caller: Caller,
): Promise<number> {
  const row = await trx
    .updateTable('vorgang')
    .set((eb) => ({
      ...values,
      version: eb('version', '+', 1),
      updated_at: eb.fn<Date>('now'),
      updated_by: caller.name,
    }))
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Marks the Vorgang lost with `reason`, or (null) derives its status from its furthest Beleg again (Rechnung >
 * Auftragsbestätigung > Angebot, else Anfrage), as a new version.
 */
export async function setLostStatus(trx: Database, id: number, reason: string | null, caller: Caller) {
  const { rows } = await sql<{ version: number; systemStatus: string }>`
    UPDATE vorgang v SET
      system_status = CASE WHEN ${reason}::text IS NOT NULL THEN 'verloren' ELSE coalesce((
        SELECT CASE max(CASE b.beleg_type WHEN 'rechnung' THEN 3 WHEN 'auftragsbestaetigung' THEN 2
                                          WHEN 'angebot' THEN 1 ELSE 0 END)
                 WHEN 3 THEN 'rechnung' WHEN 2 THEN 'auftrag' WHEN 1 THEN 'angebot' END
        FROM beleg b WHERE b.vorgang_id = v.id), 'anfrage') END,
      lost_reason = ${reason}, version = version + 1, updated_at = now(), updated_by = ${caller.name}
    WHERE id = ${id}
    RETURNING version, system_status AS "systemStatus"`.execute(trx);
  return rows[0]!;
}

/** Whether a Vorgang with this id exists. */
export async function vorgangExists(db: Database, id: number): Promise<boolean> {
  const row = await db.selectFrom('vorgang').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * The Vorgang's Statusverlauf, newest first: changes of its system status (vorgang_status_change; names from
 * possible_status) and of its Eigener Status (vorgang_event, names as they were then).
 */
export async function statusHistory(db: Database, vorgangId: number): Promise<StatusChange[]> {
  const { rows } = await sql<StatusChange>`
    SELECT 'status' AS kind, c.id::int, f.name AS "fromStatus", coalesce(t.name, c.to_status) AS "toStatus",
      c.reason, c.changed_at AS "changedAt", c.changed_by AS "changedBy", NULL AS via
    FROM vorgang_status_change c
    LEFT JOIN possible_status f ON f.code = c.from_status
    LEFT JOIN possible_status t ON t.code = c.to_status
    WHERE c.vorgang_id = ${vorgangId}
    UNION ALL
    SELECT 'eigener_status', e.id::int, e.details->>'from', e.details->>'to', NULL, e.changed_at, e.changed_by,
      e.via
    FROM vorgang_event e
    WHERE e.vorgang_id = ${vorgangId} AND e.kind = 'eigener_status'
    ORDER BY "changedAt" DESC, id DESC
    LIMIT 200`.execute(db);
  return rows;
}

/** Writes a note on a Beleg by the caller and counts it as the Vorgang's latest activity; 404 if unknown. */
export async function addBelegNote(db: Database, belegId: number, text: string, caller: Caller) {
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ id: number; text: string; author: string | null; createdAt: Date }>`
      INSERT INTO beleg_note (beleg_id, text, created_by)
      SELECT b.id, ${text}, ${caller.name} FROM beleg b WHERE b.id = ${belegId}
      RETURNING id, text, created_by AS author, created_at AS "createdAt"`.execute(trx);
    if (!rows[0]) throw notFound('Der Beleg wurde nicht gefunden.');
    const { rows: owner } = await sql<{ vorgangId: number; customerId: number }>`
      SELECT v.id AS "vorgangId", v.customer_id AS "customerId" FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
      WHERE b.id = ${belegId}`.execute(trx);
    await recordChange(trx, {
      actor: caller,
      area: 'belegnotiz',
      recordId: rows[0].id,
      before: null,
      after: await rowSnapshot(trx, 'beleg_note', { id: rows[0].id }),
      customerId: owner[0]?.customerId ?? null,
      vorgangId: owner[0]?.vorgangId ?? null,
    });
    await sql`UPDATE vorgang SET last_activity_at = now()
      WHERE id = (SELECT vorgang_id FROM beleg WHERE id = ${belegId})`.execute(trx);
    return rows[0];
  });
}

/** The active Verlustgründe in their order. */
export async function lostReasons(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('stammdaten')
    .select('value')
    .where('category', '=', 'verlustgrund')
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy((eb) => eb.fn('lower', ['value']))
    .execute();
  return rows.map((row) => row.value);
}

/** Whether the rows a new Vorgang names exist: customer, active seller, branch, and an offered Herkunft. */
export async function referencesFound(db: Database, values: NewVorgangValues) {
  const { rows } = await sql<{ customer: boolean; seller: boolean; branch: boolean; origin: boolean }>`
    SELECT EXISTS (SELECT 1 FROM customer WHERE id = ${values.customerId}) AS customer,
      EXISTS (SELECT 1 FROM app_user WHERE id = ${values.sellerUserId} AND active) AS seller,
      EXISTS (SELECT 1 FROM branch WHERE id = ${values.branchId}) AS branch,
      (${values.origin}::text IS NULL OR EXISTS (
        SELECT 1 FROM stammdaten WHERE category = 'herkunft' AND active AND value = ${values.origin})) AS origin`.execute(
    db,
  );
  return rows[0]!;
}

/** Inserts a new Vorgang (an Anfrage, numbered CRM-000123 from its own sequence); answers its id and number. */
export async function insertVorgang(trx: Database, values: NewVorgangValues, caller: Caller) {
  return trx
    .insertInto('vorgang')
    .values((eb) => ({
      vorgang_number: sql<string>`'CRM-' || lpad(nextval('vorgang_crm_number_seq')::text, 6, '0')`,
      customer_id: values.customerId,
      title: values.title,
      origin: values.origin,
      seller_user_id: values.sellerUserId,
      branch_id: values.branchId,
      system_status: 'anfrage',
      expected_order_date: values.expectedOrderDate,
      last_activity_at: eb.fn<Date>('now'),
      updated_by: caller.name,
    }))
    .returning(['id', 'vorgang_number as vorgangNumber'])
    .executeTakeFirstOrThrow();
}
