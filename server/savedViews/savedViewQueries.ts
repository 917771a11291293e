import { sql, type Selectable } from 'kysely';
import {
  MAX_VIEW_STATE_LENGTH,
  type SavedView,
  type SavedViewsOfList,
  type ViewState,
  type Visibility,
} from '../../src/resources/savedViews/savedViews.endpoints';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import { badRequest, forbidden, notFound, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { mayShare } from './savedViewAccess';
import { locationGroupsOf } from '../../src/auth/groups';

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
  const chosen = await db
    .selectFrom('saved_view_default')
    .select('view_id as viewId')
    .where('owner_oid', '=', caller.oid)
    .where('list_key', '=', listKey)
    .executeTakeFirst();
  const defaultViewId = chosen && visible.has(chosen.viewId) ? chosen.viewId : null;
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
  const created = await db
    .insertInto('saved_view')
    .values({
      owner_oid: caller.oid,
      owner_name: caller.name,
      list_key: listKey,
      name: input.name.trim(),
      state: JSON.stringify(input.state),
      visibility: input.visibility,
      branch_id: branchId,
      updated_by: caller.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { row, branchIds } = await oneView(db, caller, created.id);
  return toView(row, caller, branchIds);
}

// The view as it is now names who changed it since the caller read it.
const staleView = async (db: Database, id: number) => {
  const view = await db
    .selectFrom('saved_view')
    .select(['name', 'updated_by as by'])
    .where('id', '=', id)
    .executeTakeFirst();
  return staleEdit(view?.by, { subject: `Die Ansicht „${view?.name ?? ''}“`, retry: RELOAD_HER });
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
  const updated = await db
    .updateTable('saved_view')
    .set((eb) => ({
      name: input.name.trim(),
      state: JSON.stringify(input.state),
      visibility: input.visibility,
      branch_id: branchId,
      version: eb('version', '+', 1),
      updated_at: eb.fn<Date>('now'),
      updated_by: caller.name,
    }))
    .where('id', '=', id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (!updated.numUpdatedRows) throw await staleView(db, id);
  const fresh = await oneView(db, caller, id);
  return toView(fresh.row, caller, fresh.branchIds);
}

export async function deleteView(db: Database, caller: Caller, id: number, version: number) {
  const { row, branchIds } = await oneView(db, caller, id);
  if (!editable(row, caller, branchIds)) throw forbidden('Diese Ansicht dürfen Sie nicht löschen.');
  const deleted = await db
    .deleteFrom('saved_view')
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw await staleView(db, id);
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
    await db
      .deleteFrom('saved_view_default')
      .where('owner_oid', '=', caller.oid)
      .where('list_key', '=', listKey)
      .execute();
    return { defaultViewId: null };
  }
  const { row } = await oneView(db, caller, viewId);
  if (row.listKey !== listKey) {
    const message = 'Diese Ansicht gehört zu einer anderen Liste.';
    throw badRequest(message, { viewId: message });
  }
  await db
    .insertInto('saved_view_default')
    .values({ owner_oid: caller.oid, list_key: listKey, view_id: viewId })
    .onConflict((oc) => oc.columns(['owner_oid', 'list_key']).doUpdateSet({ view_id: viewId }))
    .execute();
  return { defaultViewId: viewId };
}

/**
 * The caller's branches: those whose location group (APP_STANDORT_…) the caller has, and the branch the CRM's
 * user record names. A branch-shared view is seen there, and shared there.
 */
export async function branchesOf(db: Database, caller: Caller): Promise<{ id: number; name: string }[]> {
  const locations = locationGroupsOf(caller.groups);
  const { rows } = await sql<Pick<Selectable<DB['branch']>, 'id' | 'name'>>`
    SELECT b.id, b.name FROM branch b
    WHERE b.location_group = ANY(${locations}::text[])
       OR b.id = (SELECT branch_id FROM app_user WHERE azure_oid = ${caller.oid})
    ORDER BY b.name, b.id`.execute(db);
  return rows;
}
