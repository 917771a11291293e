import type { RaRecord } from 'react-admin';
import { ValidationError } from 'yup';
import type { AddressContext } from '../../country.rules';
import { entitySchema } from '../../entitySchema';
import customerEntity from '../customer.entity';

export type FieldCheck = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * One field of a customer checked and normalised on the device, by the rules the server applies to the same
 * change (kunde/updateCustomerField): a phone number is read in the customer's Land ("089 1234567" in Germany →
 * "+49 89 1234567") or refused at the field, also offline, before it waits in the outbox. Loaded on use: the
 * rules bring yup and libphonenumber-js, which the customer page does not need to show itself.
 */
export async function checkCustomerField(
  customer: RaRecord,
  field: string,
  value: unknown,
  context: AddressContext,
): Promise<FieldCheck> {
  if (!customerEntity.fields.some((f) => f.source === field && f.inForm !== false))
    return { ok: true, value };
  try {
    const checked: unknown = await entitySchema(customerEntity).validateAt(
      field,
      { ...customer, [field]: value },
      { context },
    );
    return { ok: true, value: checked ?? null };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, message: error.message };
    throw error;
  }
}
