import { defineOutboxSubject, sendThrough } from '../../offline/outbox/outboxSubject';
import { updateCustomerField } from './customers.endpoints';

/** One field of a customer changed in place, as its outbox entry names it. */
export type CustomerFieldSubject = {
  kind: 'kundenfeld';
  customerId: number;
  field: string;
  /** The field's German label ("Telefon", "Labels"). */
  label: string;
  /** The new value as the seller saw it (label names instead of ids). */
  shown: string;
};

/** One field of a customer changed in place without a connection (phone, labels, address …). */
export default defineOutboxSubject<CustomerFieldSubject>({
  kind: 'kundenfeld',
  send: sendThrough(updateCustomerField),
  describe: (subject) => `${subject.label}: ${subject.shown || '–'}`,
  customerOf: (subject) => subject.customerId,
  // The customer as it is now, and who changed the field; its code comes when a conflict is shown.
  conflict: async (entry, subject, context) =>
    (await import('./customerFieldConflict')).customerFieldConflict(entry, subject, context),
});
