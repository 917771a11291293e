import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { ChangeActor } from '../platform/changes/recordChange';
import { inTransaction } from '../platform/db/inTransaction';
import type { FileStore } from '../platform/files/fileStore';
import { conflict, notFound, staleEdit } from '../platform/http/apiError';
import { eraseLockedCustomer, lockCustomer, lockErasuresToReapply } from './erasureQueries';

export { ERASED } from './erasureQueries';

// Vorgänge in these states are still being worked on: erasing their customer would break an open sale.
const OPEN_STATES = ['anfrage', 'angebot', 'auftrag'];

/** Who re-applies the Löschliste after a restore: no person, the list itself. */
export const SUPPRESSION_ACTOR: ChangeActor = { oid: null, name: 'Löschliste (DSGVO)' };

/** What an erasure did: the Belege kept, the files to remove from the store once committed. */
export interface Erased {
  keptBelege: number;
  storedNames: string[];
  erasedAt: string;
}

/**
 * Art. 17 in one transaction: the customer's personal data is removed (notes, personal notes, files) or
 * anonymised (the customer row, their Endkunden, activity notes, mails, NPS comments, the Änderungsverlauf),
 * while Vorgänge and Belege stay for the retention period with the name replaced; the customer goes on the
 * Löschliste. Refused (409) while a Vorgang is open or when the customer changed since it was read. The removed
 * files are marked for the store in the same transaction; their stored names are returned, whose bytes the
 * caller removes once it has committed.
 */
export async function eraseCustomer(
  db: Database,
  store: Pick<FileStore, 'markForRemoval'>,
  caller: Caller,
  customerId: number,
  version: number,
  reason: string,
): Promise<Erased> {
  return inTransaction(db, async (trx) => {
    const customer = await lockCustomer(trx, customerId);
    if (!customer) throw notFound('Diesen Kunden gibt es nicht (mehr).');
    if (customer.version !== version) {
      throw staleEdit(customer.updated_by, {
        subject: `Kunde „${String(customer.display_name)}“`,
      });
    }
    const open = await trx
      .selectFrom('vorgang')
      .select('vorgang_number as number')
      .where('customer_id', '=', customerId)
      .where('system_status', 'in', OPEN_STATES)
      .orderBy('vorgang_number')
      .execute();
    if (open.length) {
      throw conflict(
        `Der Kunde hat noch offene Vorgänge (${open.map((v) => v.number).join(', ')}). Löschen ist erst möglich, wenn alle abgerechnet oder verloren sind.`,
      );
    }
    return eraseLockedCustomer(
      trx,
      store,
      caller,
      customer,
      `Gelöscht nach Art. 17 DSGVO: ${reason}`,
      reason,
    );
  });
}

/**
 * The erasures of the Löschliste again, for customers that hold personal data once more (a database restored
 * from a backup made before their erasure): each in its own transaction, as the list's own, logged in the
 * Datenschutz-Protokoll. Runs before an instance serves (one instance at a time: an advisory lock). Returns the
 * stored names of the files removed, for the caller to remove from the store.
 */
export async function reapplyErasures(
  db: Database,
  store: Pick<FileStore, 'markForRemoval'>,
): Promise<{ customers: number; storedNames: string[] }> {
  const storedNames: string[] = [];
  let customers = 0;
  await db.transaction().execute(async (lock) => {
    const rows = await lockErasuresToReapply(lock);
    for (const { id } of rows) {
      await db.transaction().execute(async (trx) => {
        const customer = await lockCustomer(trx, id);
        if (!customer) return;
        const reason = 'Löschung nach der Wiederherstellung einer Sicherung erneut angewandt';
        const done = await eraseLockedCustomer(trx, store, SUPPRESSION_ACTOR, customer, reason, reason);
        storedNames.push(...done.storedNames);
        customers++;
      });
    }
  });
  return { customers, storedNames };
}
