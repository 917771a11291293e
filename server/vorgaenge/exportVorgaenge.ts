import type { VorgangFilter } from '../../src/resources/vorgaenge/vorgangList.endpoints';
import { VORGANG_STATUS_LABELS } from '../../src/resources/vorgaenge/vorgangListTypes';
import type { Database } from '../platform/db/database';
import type { ExcelColumn, SheetExport } from '../platform/excel/excelExport';
import { exportQuery, withSearch, type ExportRow, type ListContext } from './vorgangListQueries';

const COLUMNS: ExcelColumn[] = [
  { header: 'Vorgangsnummer', key: 'vorgangNumber', width: 16 },
  { header: 'Kunde', key: 'customerName', width: 30 },
  { header: 'Bezeichnung', key: 'title', width: 34 },
  { header: 'Status', key: 'status', width: 11 },
  { header: 'Eigener Status', key: 'customStatus', width: 18 },
  { header: 'Labels', key: 'labels', width: 24 },
  { header: 'Verkäufer', key: 'seller', width: 20 },
  { header: 'Filiale', key: 'branch', width: 16 },
  { header: 'Herkunft', key: 'origin', width: 16 },
  { header: 'Summe netto', key: 'net', width: 15, kind: 'amount' },
  { header: 'Plan-DB', key: 'planDb', width: 14, kind: 'amount' },
  { header: 'Erwarteter Auftrag', key: 'expectedOrderDate', width: 13, kind: 'date' },
  { header: 'Letzte Aktivität', key: 'lastActivity', width: 13, kind: 'date' },
  { header: 'Angelegt am', key: 'created', width: 12, kind: 'date' },
];

/**
 * Exactly the filtered, sorted Vorgänge, all of them, as an Excel sheet (streamed from a cursor); with `ids`
 * only those (the ticked rows of a selection), in the list's order.
 */
export async function vorgangExport(
  db: Database,
  filter: VorgangFilter,
  context: ListContext,
  ids?: number[],
): Promise<SheetExport<ExportRow>> {
  return {
    sheet: 'Vorgänge',
    columns: COLUMNS,
    query: exportQuery(filter, ids ? context : await withSearch(db, filter, context), ids),
    cells: (row) => ({
      ...row,
      status: VORGANG_STATUS_LABELS[row.systemStatus] ?? row.systemStatus,
      net: row.netTotalCents,
      planDb: row.planDbCents,
      lastActivity: row.lastActivityDay,
      created: row.createdDay,
    }),
  };
}
