import { companyDayOf, instantOfCompanyDateTime } from '../../../src/config/companyTime';
import type { FieldDeclaration } from '../../../src/resources/entity';

/**
 * Validated input with every date-time field as an instant (ISO): a value without an offset is the company's
 * wall clock in `zone`, never the server's or the database session's zone.
 */
export function withInstants(
  fields: readonly FieldDeclaration[],
  values: Record<string, unknown>,
  zone: string,
): Record<string, unknown> {
  const result = { ...values };
  for (const field of fields) {
    const value = result[field.source];
    if (field.type === 'datetime' && typeof value === 'string' && value !== '') {
      result[field.source] = instantOfCompanyDateTime(value, zone).toISOString();
    }
  }
  return result;
}

/**
 * A record as the API answers it: a `date` field whose column holds an instant (Kunden's letzte Aktivität) is
 * the company day it falls on in `zone`. Left to the serializer, `format: date` cut the instant to the
 * server's day (UTC), so between 00:00 and 01:00 in Vienna the list showed yesterday.
 * Plain date columns arrive as yyyy-MM-dd text (database.ts) and stay as they are.
 */
export function withCompanyDays<T extends Record<string, unknown>>(
  fields: readonly FieldDeclaration[],
  record: T,
  zone: string,
): T {
  const instants = fields.filter((f) => f.type === 'date' && record[f.source] instanceof Date);
  if (!instants.length) return record;
  const result: Record<string, unknown> = { ...record };
  for (const field of instants) result[field.source] = companyDayOf(record[field.source] as Date, zone);
  return result as T;
}
