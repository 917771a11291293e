import { companyDayOf } from '../../src/config/companyTime';
import type { NpsFilterValues } from '../../src/resources/nps/nps.endpoints';
import { categoryOf, channelName, NPS_CATEGORIES } from '../../src/resources/nps/nps.rules';
import type { ExcelColumn, SheetExport } from '../platform/excel/excelExport';
import { npsExportQuery, type ExportRow } from './npsQueries';

const COLUMNS: ExcelColumn[] = [
  { header: 'Datum', key: 'answeredAt', width: 12, kind: 'date' },
  { header: 'Bewertung', key: 'score', width: 10, kind: 'number' },
  { header: 'Kategorie', key: 'category', width: 18 },
  { header: 'Kommentar', key: 'comment', width: 50 },
  { header: 'Kanal', key: 'channel', width: 18 },
  { header: 'Kundennummer', key: 'customerNumber', width: 14 },
  { header: 'Kunde', key: 'customerName', width: 32 },
  { header: 'Vorgang', key: 'vorgangNumber', width: 14 },
  { header: 'Verkäufer', key: 'sellerName', width: 20 },
  { header: 'Filiale', key: 'branchName', width: 16 },
  { header: 'Nachgefasst', key: 'followUp', width: 12 },
];

const followUpText = (done: boolean | null) => (done === null ? '' : done ? 'ja' : 'offen');

/** The filtered, sorted answers as an Excel sheet (streamed from a cursor); dates are the company's days. */
export function npsExport(
  zone: string,
  filter: NpsFilterValues,
  sort: { sort?: string; order?: string },
): SheetExport<ExportRow> {
  const query = npsExportQuery(zone, filter, sort);
  return {
    sheet: 'NPS',
    columns: COLUMNS,
    query,
    cells: (row) => ({
      ...row,
      // Excel has no time zones: the day the answer came in, in the company's calendar.
      answeredAt: companyDayOf(row.answeredAt, zone),
      category: NPS_CATEGORIES.find((c) => c.id === categoryOf(row.score))!.name,
      channel: channelName(row.channel),
      followUp: followUpText(row.followUpDone),
    }),
  };
}
