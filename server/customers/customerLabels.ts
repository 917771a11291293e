import type { Caller } from '../platform/auth/caller';
import type { Executor } from '../platform/entities/entityRepository';
import { badRequest } from '../platform/http/apiError';
import { companyToday } from '../../src/config/companyTime';
import { insertCustomerLabels, labelsNotForCustomer } from './customerQueries';

/**
 * Gives a customer labels they do not have yet, each due its label's "fällig nach" days after the company's
 * today (in `timeZone`, not the database's: after midnight in Vienna it is still yesterday in UTC); labels
 * the customer already has keep their due date. Returns the names of the labels actually added.
 */
export async function addCustomerLabels(
  trx: Executor,
  customerId: number,
  labelIds: readonly number[],
  caller: Caller,
  timeZone: string,
): Promise<string[]> {
  if (!labelIds.length) return [];
  const unusable = await labelsNotForCustomer(trx, customerId, labelIds);
  if (unusable.length) {
    throw badRequest(`Das Label „${unusable[0]!.name}“ kann Kunden nicht (mehr) gegeben werden.`);
  }
  return insertCustomerLabels(trx, customerId, labelIds, companyToday(timeZone), caller.name);
}

/** Makes the customer's labels exactly these: removes the others, adds the new ones with their due dates. */
export async function setCustomerLabels(
  trx: Executor,
  customerId: number,
  labelIds: readonly number[],
  caller: Caller,
  timeZone: string,
): Promise<void> {
  await trx
    .deleteFrom('customer_label')
    .where('customer_id', '=', customerId)
    .where((eb) => eb.not(eb('label_id', '=', eb.fn.any(eb.val([...labelIds])))))
    .execute();
  await addCustomerLabels(trx, customerId, labelIds, caller, timeZone);
}

/**
 * The labels an activity reason carries, added to the customer (the client's path
 * kunde/updateCustomerLabelsForActivityReason).
 */
export async function addLabelsOfReason(
  trx: Executor,
  customerId: number,
  reasonId: number,
  caller: Caller,
  timeZone: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('reason_option_label as rl')
    .innerJoin('label as l', 'l.id', 'rl.label_id')
    .select('rl.label_id as labelId')
    .where('rl.reason_id', '=', reasonId)
    .where('l.active', '=', true)
    .where('l.for_customer', '=', true)
    .execute();
  return addCustomerLabels(
    trx,
    customerId,
    rows.map((row) => row.labelId),
    caller,
    timeZone,
  );
}
