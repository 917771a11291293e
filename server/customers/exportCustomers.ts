import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { companyDayOf } from '../../src/config/companyTime';
import customerEntity from '../../src/resources/customers/customer.entity';
import type { Database } from '../platform/db/database';
import { orderClause, whereClause, type ListParams } from '../platform/entities/listQuery';

const BATCH = 1000;
const CUSTOMER_TYPES: Record<string, string> = { privat: 'Privat', gewerbe: 'Gewerbe', haendler: 'Händler' };

interface ExportRow {
  customerNumber: string | null;
  displayName: string;
  customerType: string;
  salutation: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  owner: string | null;
  branch: string | null;
  labels: string | null;
  volumeCents: string;
  lastActivityAt: Date | null;
  createdAt: Date;
}

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Kundennummer', key: 'customerNumber', width: 14 },
  { header: 'Name', key: 'displayName', width: 32 },
  { header: 'Kundentyp', key: 'customerType', width: 11 },
  { header: 'Anrede', key: 'salutation', width: 10 },
  { header: 'Straße', key: 'street', width: 28 },
  { header: 'PLZ', key: 'zip', width: 7 },
  { header: 'Ort', key: 'city', width: 20 },
  { header: 'Land', key: 'country', width: 6 },
  { header: 'Telefon', key: 'phone', width: 18 },
  { header: 'Mobil', key: 'mobile', width: 18 },
  { header: 'E-Mail', key: 'email', width: 30 },
  { header: 'Betreuer', key: 'owner', width: 20 },
  { header: 'Filiale', key: 'branch', width: 16 },
  { header: 'Labels', key: 'labels', width: 24 },
  { header: 'Volumen netto', key: 'volume', width: 15, style: { numFmt: '#,##0.00 "€"' } },
  { header: 'Letzte Aktivität', key: 'lastActivityAt', width: 15, style: { numFmt: 'dd.mm.yyyy' } },
  { header: 'Angelegt am', key: 'createdAt', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
];

// Excel has no time zones: a date is written as the company day (tenant's zone) it was there.
const calendarDay = (date: Date | null, zone: string) => {
  if (!date) return null;
  const [y, m, d] = companyDayOf(date, zone).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};

/** The filtered, sorted list as SQL (alias t), with the names Excel shows instead of ids. */
export function exportQuery(params: ListParams) {
  return sql<ExportRow>`
    SELECT t.customer_number AS "customerNumber", t.display_name AS "displayName",
      t.customer_type AS "customerType", t.salutation, t.street, t.zip, t.city, t.country, t.phone, t.mobile, t.email,
      u.name AS owner, b.name AS branch,
      (SELECT string_agg(l.name, ', ' ORDER BY lower(l.name)) FROM customer_label cl JOIN label l ON l.id = cl.label_id
        WHERE cl.customer_id = t.id) AS labels,
      (SELECT coalesce(sum(v.net_total_cents), 0) FROM vorgang v WHERE v.customer_id = t.id) AS "volumeCents",
      t.last_activity_at AS "lastActivityAt", t.created_at AS "createdAt"
    FROM customer t
    LEFT JOIN app_user u ON u.id = t.owner_user_id
    LEFT JOIN branch b ON b.id = t.branch_id
    ${whereClause(customerEntity, params.filter, params.callerOid)}
    ${orderClause(customerEntity, params)}`;
}

/**
 * Writes exactly the filtered customers, all of them, as an Excel workbook into `out`: rows come from a
 * database cursor in batches and leave as they are written, so memory stays flat however many there are.
 */
export async function writeCustomerExport(
  db: Database,
  params: ListParams,
  out: Writable,
  zone: string,
): Promise<number> {
  const query = exportQuery(params); // a bad filter fails here, before anything is written
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Kunden', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    await sql`DECLARE customer_export NO SCROLL CURSOR FOR ${query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<ExportRow>`FETCH ${sql.raw(String(BATCH))} FROM customer_export`.execute(
        trx,
      );
      for (const row of rows) {
        sheet
          .addRow({
            ...row,
            customerType: CUSTOMER_TYPES[row.customerType] ?? row.customerType,
            volume: Number(row.volumeCents) / 100,
            lastActivityAt: calendarDay(row.lastActivityAt, zone),
            createdAt: calendarDay(row.createdAt, zone),
          })
          .commit();
      }
      count += rows.length;
      if (out.destroyed) throw new Error('Der Download wurde abgebrochen.');
      // A slow download slows the cursor instead of filling memory.
      if (out.writableNeedDrain) await once(out, 'drain');
      if (rows.length < BATCH) break;
    }
  });
  sheet.commit();
  await workbook.commit();
  return count;
}
