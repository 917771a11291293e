import type { EntityHooks } from '../platform/entities/entityRepository';
import type { Database } from '../platform/db/database';
import { refreshDuplicatesOf } from '../duplicates/computeDuplicates';
import { giveToCreator } from './customerQueries';

/**
 * Saving a customer: its likely duplicates are found anew at once (the Dubletten list shows a pair typed in now);
 * a new customer the creator left without Betreuer or Filiale gets the creator and the creator's branch, so it
 * shows in their "Nur meine". (The Kundennummer is the ERP's: its field's
 * `editableBy`, checked for every entity by platform/entities/editableBy.ts.)
 */
export const customerHooks: EntityHooks = {
  async afterWrite(trx, id) {
    await refreshDuplicatesOf(trx as Database, id);
  },
  async afterCreate(trx, id, caller) {
    await giveToCreator(trx, id, caller.oid);
  },
};
