import { useEffect, useState } from 'react';
import { HttpError, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { newKey } from '../../../api/useIdempotencyKey';
import { useOutboxText } from '../../../offline/outbox/outbox';
import { useSendOrQueue } from '../../../offline/outbox/sendOrQueue';
import customerFieldOutbox from '../customerField.outbox';
import { updateCustomerField } from '../customers.endpoints';
import { useAddressContext } from '../../generic/useAddressContext';

export type SaveOutcome = { ok: true } | { ok: false; message: string; conflict: boolean };

/** How a change reads for the seller where it waits and in a conflict: the field's label and the new value. */
export interface FieldWording {
  label: string;
  shown: string;
}

/**
 * Saves one field of the customer in place (kunde/updateCustomerField) at the version on screen; a
 * colleague's newer change comes back as a conflict to show with "Neu laden", never overwritten. Without a
 * network the change waits in the outbox (`pending` holds its value until it is sent).
 */
export function useCustomerField(customer: RaRecord) {
  const api = useEndpointClient();
  const refresh = useRefresh();
  const notify = useNotify();
  const sendOrQueue = useSendOrQueue();
  const context = useAddressContext();
  // The rules' code comes while the page is open (after it is drawn), so that a change made after the network
  // went away is still checked on the device.
  useEffect(() => {
    const timer = setTimeout(() => void import('./checkCustomerField'), 1500);
    return () => clearTimeout(timer);
  }, []);
  const [conflict, setConflict] = useState<string | null>(null);
  // As text, so the customer page re-renders when one of its waiting values changes, not per entry sent.
  const waiting = useOutboxText(({ entries }) =>
    JSON.stringify(
      entries.flatMap(({ subject, body }) =>
        customerFieldOutbox.is(subject) && subject.customerId === Number(customer.id)
          ? [[subject.field, (body as { value?: unknown }).value]]
          : [],
      ),
    ),
  );
  const pending = new Map(JSON.parse(waiting) as [string, unknown][]);
  const save = async (field: string, typed: unknown, wording: FieldWording): Promise<SaveOutcome> => {
    // The server's rules first, on the device: a refused value stays at its field, also offline, and what
    // waits in the outbox is already the normalised value ("+49 89 1234567"). Without network and without the
    // rules' code on the device (no service worker yet), the change waits unchecked: the server checks it.
    const rules = await import('./checkCustomerField').catch(() => null);
    const checked = rules
      ? await rules.checkCustomerField(customer, field, typed, context)
      : ({ ok: true, value: typed } as const);
    if (!checked.ok) return { ok: false, message: checked.message, conflict: false };
    const value = checked.value;
    const shown = typeof value === 'string' && wording.shown === typed ? value : wording.shown;
    // The value the seller saw (a change still waiting, or the record's): at a stale version the server then
    // refuses only when this field changed meanwhile, not when someone changed another one (or the seller's own
    // earlier change, sent and decided before this one, moved the version on).
    const expectedValue = pending.has(field) ? pending.get(field) : (customer[field] ?? null);
    const body = { id: Number(customer.id), version: Number(customer.version), field, value, expectedValue };
    const idempotencyKey = newKey();
    try {
      const saved = await sendOrQueue(
        {
          body,
          idempotencyKey,
          record: `kunde:${customer.id}`,
          version: body.version,
          files: [],
          subject: customerFieldOutbox.make({ customerId: body.id, field, ...wording, shown }),
        },
        () => api.call(updateCustomerField, { body, idempotencyKey }),
      );
      if (saved.queued) notify('Offline gespeichert: die Änderung wird gesendet, sobald Verbindung besteht.');
      else refresh();
      return { ok: true };
    } catch (error) {
      const isConflict = error instanceof HttpError && error.status === 409;
      const body =
        error instanceof HttpError ? (error.body as { errors?: Record<string, string> }) : undefined;
      const message = body?.errors?.[field] ?? (error instanceof Error ? error.message : String(error));
      if (isConflict) setConflict(message);
      return { ok: false, message, conflict: isConflict };
    }
  };
  const reload = () => {
    setConflict(null);
    refresh();
  };
  return { save, conflict, reload, pending };
}
