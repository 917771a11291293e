import { sql } from 'kysely';
import {
  MAX_VIEW_STATE_LENGTH,
  type SavedView,
  type SavedViewsOfList,
  type ViewState,
  type Visibility,
} from '../../src/resources/savedViews/savedViews.endpoints';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, forbidden, notFound, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { branchesOf, mayShare } from './savedViewAccess';

interface ViewInput {
  name: string;
  state: ViewState;
  visibility: Visibility;
  branchId?: number;
}

interface Row {
  id: number;
  listKey: SavedView['listKey'];
  name: string;
  state: ViewState;
  visibility: Visibility;
  branchId: number | null;
  branchName: string | null;
  ownerName: string | null;
  ownerOid: string;
  version: number;
  updatedAt: Date;
}

const columns = sql`v.id, v.list_key AS "listKey", v.name, v.state, v.visibility, v.branch_id AS "branchId",
  b.name AS "branchName", v.owner_name AS "ownerName", v.owner_oid AS "ownerOid", v.version,
  v.updated_at AS "updatedAt"`;

/**
 * Who may change or delete a view: its owner; a shared one also the sales management and the administration
 * (of that branch, for a branch's view), so that a shared view stays one view that all see changed.
 */
function editable(row: Row, caller: Caller, branchIds: number[]) {
  if (row.ownerOid === caller.oid) return true;
  if (row.visibility === 'personal' || !mayShare(caller)) return false;
  return row.visibility === 'all' || branchIds.includes(row.branchId!);
}

const toView = (row: Row, caller: Caller, branchIds: number[]) => {
  const { ownerOid, updatedAt, ...view } = row;
  return {
    ...view,
    mine: ownerOid === caller.oid,
    editable: editable(row, caller, branchIds),
    updatedAt: updatedAt.toISOString(),
  };
};

/** The views of a list the caller sees: own, shared with one of the caller's branches, shared with all. */
export async function listViews(
  db: Database,
  caller: Caller,
  listKey: SavedView['listKey'],
): Promise<SavedViewsOfList> {
  const branches = await branchesOf(db, caller);
  const branchIds = branches.map((branch) => branch.id);
  const { rows } = await sql<Row>`
    SELECT ${columns} FROM saved_view v LEFT JOIN branch b ON b.id = v.branch_id
    WHERE v.list_key = ${listKey}
      AND (v.owner_oid = ${caller.oid} OR v.visibility = 'all'
        OR (v.visibility = 'branch' AND v.branch_id = ANY(${branchIds}::int[])))
    ORDER BY v.visibility = 'personal' DESC, lower(v.name), v.id`.execute(db);
  const visible = new Set(rows.map((row) => row.id));
  const { rows: defaults } = await sql<{ viewId: number }>`
    SELECT view_id AS "viewId" FROM saved_view_default
    WHERE owner_oid = ${caller.oid} AND list_key = ${listKey}`.execute(db);
  const defaultViewId = defaults[0] && visible.has(defaults[0].viewId) ? defaults[0].viewId : null;
  return {
    views: rows.map((row) => toView(row, caller, branchIds)),
    defaultViewId,
    mayShare: mayShare(caller),
    branches: mayShare(caller) ? branches : [],
  };
}

function checkSize(input: ViewInput) {
  if (JSON.stringify(input.state).length > MAX_VIEW_STATE_LENGTH) {
    const message = 'Die Filter dieser Ansicht sind zu umfangreich, um sie zu speichern.';
    throw badRequest(message, { state: message });
  }
}

/** Checks who may share and with which branch; the branch of a branch view must be one of the caller's. */
async function sharing(db: Database, caller: Caller, input: ViewInput): Promise<number | null> {
  checkSize(input);
  if (input.visibility === 'personal') return null;
  if (!mayShare(caller)) {
    throw forbidden('Nur die Verkaufsleitung und die Administration dürfen Ansichten teilen.');
  }
  if (input.visibility === 'all') return null;
  const branches = await branchesOf(db, caller);
  const branchId = input.branchId ?? (branches.length === 1 ? branches[0]!.id : undefined);
  if (branchId === undefined) {
    const message = 'Bitte wählen Sie die Filiale, mit der Sie die Ansicht teilen.';
    throw badRequest(message, { branchId: message });
  }
  if (!branches.some((branch) => branch.id === branchId)) {
    throw forbidden('Sie können Ansichten nur mit Ihrer eigenen Filiale teilen.');
  }
  return branchId;
}

async function oneView(db: Database, caller: Caller, id: number) {
  const { rows } = await sql<Row>`
    SELECT ${columns} FROM saved_view v LEFT JOIN branch b ON b.id = v.branch_id WHERE v.id = ${id}`.execute(
    db,
  );
  const row = rows[0];
  const branchIds = (await branchesOf(db, caller)).map((branch) => branch.id);
  const seen =
    row &&
    (row.ownerOid === caller.oid ||
      row.visibility === 'all' ||
      (row.visibility === 'branch' && branchIds.includes(row.branchId!)));
  // Another person's personal view does not exist for the caller (404, not 403: nothing to learn from it).
  if (!row || !seen) throw notFound('Diese Ansicht gibt es nicht (mehr).');
  return { row, branchIds };
}

export async function createView(
  db: Database,
  caller: Caller,
  listKey: SavedView['listKey'],
  input: ViewInput,
): Promise<SavedView> {
  const branchId = await sharing(db, caller, input);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO saved_view (owner_oid, owner_name, list_key, name, state, visibility, branch_id, updated_by)
    VALUES (${caller.oid}, ${caller.name}, ${listKey}, ${input.name.trim()}, ${JSON.stringify(input.state)}::jsonb,
      ${input.visibility}, ${branchId}, ${caller.name})
    RETURNING id`.execute(db);
  const { row, branchIds } = await oneView(db, caller, rows[0]!.id);
  return toView(row, caller, branchIds);
}

// The view as it is now names who changed it since the caller read it.
const staleView = async (db: Database, id: number) => {
  const { rows } = await sql<{ name: string; by: string | null }>`
    SELECT name, updated_by AS by FROM saved_view WHERE id = ${id}`.execute(db);
  return staleEdit(rows[0]?.by, { subject: `Die Ansicht „${rows[0]?.name ?? ''}“`, retry: RELOAD_HER });
};

export async function updateView(
  db: Database,
  caller: Caller,
  id: number,
  input: ViewInput & { version: number },
): Promise<SavedView> {
  const { row, branchIds } = await oneView(db, caller, id);
  if (!editable(row, caller, branchIds)) throw forbidden('Diese Ansicht dürfen Sie nicht ändern.');
  const branchId = await sharing(db, caller, input);
  const { rows } = await sql<{ id: number }>`
    UPDATE saved_view SET name = ${input.name.trim()}, state = ${JSON.stringify(input.state)}::jsonb,
      visibility = ${input.visibility}, branch_id = ${branchId}, version = version + 1, updated_at = now(),
      updated_by = ${caller.name}
    WHERE id = ${id} AND version = ${input.version} RETURNING id`.execute(db);
  if (!rows[0]) throw await staleView(db, id);
  const fresh = await oneView(db, caller, id);
  return toView(fresh.row, caller, fresh.branchIds);
}

export async function deleteView(db: Database, caller: Caller, id: number, version: number) {
  const { row, branchIds } = await oneView(db, caller, id);
  if (!editable(row, caller, branchIds)) throw forbidden('Diese Ansicht dürfen Sie nicht löschen.');
  const { rows } = await sql<{ id: number }>`
    DELETE FROM saved_view WHERE id = ${id} AND version = ${version} RETURNING id`.execute(db);
  if (!rows[0]) throw await staleView(db, id);
  return { id };
}

/** The caller's default view of a list (null: none); only a view the caller sees can be it. */
export async function setDefaultView(
  db: Database,
  caller: Caller,
  listKey: SavedView['listKey'],
  viewId: number | null,
) {
  if (viewId === null) {
    await sql`DELETE FROM saved_view_default WHERE owner_oid = ${caller.oid} AND list_key = ${listKey}`.execute(
      db,
    );
    return { defaultViewId: null };
  }
  const { row } = await oneView(db, caller, viewId);
  if (row.listKey !== listKey) {
    const message = 'Diese Ansicht gehört zu einer anderen Liste.';
    throw badRequest(message, { viewId: message });
  }
  await sql`
    INSERT INTO saved_view_default (owner_oid, list_key, view_id) VALUES (${caller.oid}, ${listKey}, ${viewId})
    ON CONFLICT (owner_oid, list_key) DO UPDATE SET view_id = EXCLUDED.view_id`.execute(db);
  return { defaultViewId: viewId };
}
