import type { Writable } from 'node:stream';
import customerEntity from '../../src/resources/customers/customer.entity';
import type { BulkSelection, BulkTarget } from '../../src/resources/bulkActions/bulkActionTypes';
import { companyToday } from '../../src/config/companyTime';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { listRecords } from '../platform/entities/entityRepository';
import { parseListParams } from '../platform/entities/listQuery';
import { filterNames } from '../platform/excel/recordExport';
import { writeSheet } from '../platform/excel/writeSheet';
import { customerExport } from '../customers/exportCustomers';
import { vorgangExport } from '../vorgaenge/exportVorgaenge';
import { dueLabelExport } from '../todos/exportDueLabels';
import { vorgangFilterOf } from './bulkJobQueries';
import { dueScopeOf } from './dueLabelItemQueries';

const refuseAt = (field: string, message: string): never => {
  throw badRequest(message, { [field]: message });
};

/** A selection's workbook: its file, how it is written, and what the Datenschutz-Protokoll says was exported. */
interface SelectionExport {
  fileName: string;
  write: (out: Writable) => Promise<number>;
  subject: string;
}

/** "Kunden: Auswahl von 12 Zeilen" or "Kunden: alle Treffer (gefiltert nach Filiale)", never a filter's values. */
function selectionSubject(
  list: string,
  selection: BulkSelection,
  labelOf: (key: string) => string | undefined,
) {
  if ('rows' in selection)
    return `${list}: Auswahl von ${selection.rows.length.toLocaleString('de-DE')} Zeilen`;
  if ('labels' in selection)
    return `${list}: Auswahl von ${selection.labels.length.toLocaleString('de-DE')} Labels`;
  return `${list}: alle Treffer${filterNames(selection.filter, labelOf)}`;
}

interface ExportRequest {
  target: BulkTarget;
  selection: BulkSelection;
  scope?: Record<string, unknown>;
  sort?: string;
  order?: 'ASC' | 'DESC';
}

/**
 * A selection of the Kunden or Vorgänge list as that list's own Excel export (same columns, same order): the
 * ticked rows by id, or every row the list's filter matches, resolved here. A bad filter or sort is refused
 * (German 400) before the first byte of the file, like the list export does.
 */
export async function selectionExport(
  db: Database,
  caller: Caller,
  request: ExportRequest,
  zone: string,
): Promise<SelectionExport> {
  const { target, selection } = request;
  if (target === 'faelligeLabels') return dueLabelSelectionExport(db, caller, request, zone);
  if ('labels' in selection) refuseAt('selection', 'Diese Liste wählt Zeilen, keine Labels.');
  const ids = 'rows' in selection ? selection.rows.map((row) => row.id) : null;
  const filter = 'filter' in selection ? selection.filter : {};
  const day = companyToday(zone);
  if (target === 'kunden') {
    const params = parseListParams(
      customerEntity,
      {
        sort: request.sort,
        order: request.order,
        filter: JSON.stringify(ids ? { id: ids } : filter),
      },
      caller.oid,
    );
    await listRecords(db, customerEntity, { ...params, page: 1, perPage: 1 });
    const spec = customerExport(params, zone);
    const label = (key: string) => customerEntity.fields.find((f) => f.source === key)?.label;
    return {
      fileName: `Kunden_Auswahl_${day}.xlsx`,
      write: (out) => writeSheet(db, spec, out),
      subject: selectionSubject('Kunden', selection, label),
    };
  }
  const context = { callerOid: caller.oid, zone };
  const spec = ids
    ? await vorgangExport(db, {}, context, ids)
    : await vorgangExport(db, vorgangFilterOf(filter), context);
  return {
    fileName: `Vorgaenge_Auswahl_${day}.xlsx`,
    write: (out) => writeSheet(db, spec, out),
    subject: selectionSubject('Vorgänge', selection, () => undefined),
  };
}

/**
 * A selection of Fällige Labels as the screen's own export (same columns, same order): the ticked labels of the
 * scope the screen showed (403 for a scope the caller may not see, as the screen), or every label of the
 * scope ("alle Treffer", the scope as the selection's filter).
 */
async function dueLabelSelectionExport(
  db: Database,
  caller: Caller,
  request: ExportRequest,
  zone: string,
): Promise<SelectionExport> {
  const { selection } = request;
  if ('rows' in selection)
    refuseAt('selection', 'Fällige Labels werden als Labels gewählt, nicht als Zeilen.');
  const keys = 'labels' in selection ? selection.labels.map((label) => label.key) : undefined;
  const scope = await dueScopeOf(
    db,
    caller,
    'filter' in selection ? selection.filter : (request.scope ?? {}),
  );
  const day = companyToday(zone);
  const spec = dueLabelExport(scope, day, keys);
  return {
    fileName: `Faellige_Labels_Auswahl_${day}.xlsx`,
    write: (out) => writeSheet(db, spec, out),
    subject: selectionSubject('Fällige Labels', selection, () => undefined),
  };
}
