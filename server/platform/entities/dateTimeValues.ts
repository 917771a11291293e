import { instantOfCompanyDateTime } from '../../../src/config/companyTime';
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
