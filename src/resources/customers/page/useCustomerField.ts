import { useState } from 'react';
import { HttpError, useRefresh, type RaRecord } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { updateCustomerField } from '../customers.endpoints';

export type SaveOutcome = { ok: true } | { ok: false; message: string; conflict: boolean };

/**
 * Saves one field of the customer in place (kunde/updateCustomerField) at the version on screen; a
 * colleague's newer change comes back as a conflict to show with "Neu laden", never overwritten.
 */
export function useCustomerField(customer: RaRecord) {
  const api = useEndpointClient();
  const refresh = useRefresh();
  const [conflict, setConflict] = useState<string | null>(null);
  const save = async (field: string, value: unknown): Promise<SaveOutcome> => {
    try {
      await api.call(updateCustomerField, {
        body: { id: Number(customer.id), version: Number(customer.version), field, value },
      });
      refresh();
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
  return { save, conflict, reload };
}
