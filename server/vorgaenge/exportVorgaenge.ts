import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { VorgangFilter } from '../../src/resources/vorgaenge/vorgangList.endpoints';
import { VORGANG_STATUS_LABELS, type VorgangStatus } from '../../src/resources/vorgaenge/vorgangListTypes';
import type { Database } from '../platform/db/database';
import { EXCEL_FORMATS, excelDay, excelEuro } from '../platform/excel/excelCells';
import type { SheetExport } from '../platform/excel/writeSheet';
import { LIST_FROM, listOrder, listWhere, withSearch, type ListContext } from './vorgangListQueries';

interface ExportRow {
  vorgangNumber: string;
  customerName: string | null;
  title: string;
  systemStatus: VorgangStatus;
  customStatus: string | null;
  labels: string | null;
  seller: string | null;
  branch: string | null;
  origin: string | null;
  netTotalCents: string;
  planDbCents: string | null;
  /** Calendar days as yyyy-MM-dd, already in the company's zone. */
  expectedOrderDate: string | null;
  lastActivityDay: string | null;
  createdDay: string;
}

const EURO = EXCEL_FORMATS.euro;
const DAY = EXCEL_FORMATS.day;
const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Vorgangsnummer', key: 'vorgangNumber', width: 16 },
  { header: 'Kunde', key: 'customerName', width: 30 },
  { header: 'Bezeichnung', key: 'title', width: 34 },
  { header: 'Status', key: 'status', width: 11 },
  { header: 'Eigener Status', key: 'customStatus', width: 18 },
  { header: 'Labels', key: 'labels', width: 24 },
  { header: 'Verkäufer', key: 'seller', width: 20 },
  { header: 'Filiale', key: 'branch', width: 16 },
  { header: 'Herkunft', key: 'origin', width: 16 },
  { header: 'Summe netto', key: 'net', width: 15, style: { numFmt: EURO } },
  { header: 'Plan-DB', key: 'planDb', width: 14, style: { numFmt: EURO } },
  { header: 'Erwarteter Auftrag', key: 'expectedOrderDate', width: 13, style: { numFmt: DAY } },
  { header: 'Letzte Aktivität', key: 'lastActivity', width: 13, style: { numFmt: DAY } },
  { header: 'Angelegt am', key: 'created', width: 12, style: { numFmt: DAY } },
];

/** The list's rows (same FROM, WHERE, ORDER BY) with names instead of ids and days in the company's zone. */
function exportQuery(filter: VorgangFilter, context: ListContext, ids?: number[]) {
  const zone = context.zone;
  return sql<ExportRow>`
    SELECT v.vorgang_number AS "vorgangNumber", c.display_name AS "customerName", v.title,
      v.system_status AS "systemStatus", cs.name AS "customStatus",
      (SELECT string_agg(l.name, ', ' ORDER BY lower(l.name)) FROM vorgang_label vl JOIN label l ON l.id = vl.label_id
        WHERE vl.vorgang_id = v.id) AS labels,
      u.name AS seller, br.name AS branch, v.origin,
      v.net_total_cents AS "netTotalCents", v.plan_db_cents AS "planDbCents",
      to_char(v.expected_order_date, 'YYYY-MM-DD') AS "expectedOrderDate",
      to_char(v.last_activity_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS "lastActivityDay",
      to_char(v.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS "createdDay"
    ${LIST_FROM}
    LEFT JOIN custom_status cs ON cs.id = v.custom_status_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id
    LEFT JOIN branch br ON br.id = v.branch_id
    ${ids ? sql`WHERE v.id = ANY(${ids}::int[])` : listWhere(filter, context)}
    ${listOrder(filter)}`;
}

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
      net: excelEuro(row.netTotalCents),
      planDb: excelEuro(row.planDbCents),
      expectedOrderDate: excelDay(row.expectedOrderDate),
      lastActivity: excelDay(row.lastActivityDay),
      created: excelDay(row.createdDay),
    }),
  };
}
