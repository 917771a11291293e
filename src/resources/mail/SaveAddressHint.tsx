import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { HttpError, useDataProvider, useRefresh, type RaRecord } from 'react-admin';
import { looksLikeEmail } from './mail.rules';

/**
 * Under "An": the company writes only to addresses on record, so an address that is not the customer's is
 * offered to be saved on the customer first (replacing the old one, which the hint names), in one click.
 */
export function SaveAddressHint({
  customerId,
  savedEmail,
  address,
  onSaved,
}: {
  customerId: RaRecord['id'];
  savedEmail: string;
  address: string;
  onSaved: (email: string) => void;
}) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const typed = address.trim();
  // Only a plausible address is offered for saving; the customer form's rule has the last word.
  if (!looksLikeEmail(typed) || typed.toLowerCase() === savedEmail.trim().toLowerCase()) return null;

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      // The current record and version: only the address changes, and a colleague's edit in between is a 409.
      const { data: current } = await dataProvider.getOne('kunden', { id: customerId });
      await dataProvider.update('kunden', {
        id: customerId,
        data: { ...current, email: typed },
        previousData: current,
      });
      onSaved(typed);
      refresh();
    } catch (error) {
      const fieldMessage =
        error instanceof HttpError
          ? (error.body as { errors?: { email?: string } })?.errors?.email
          : undefined;
      setProblem(fieldMessage ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Alert
      severity={problem ? 'error' : 'info'}
      action={
        <Button color="inherit" size="small" onClick={save} disabled={saving}>
          {saving ? 'Wird gespeichert …' : 'Beim Kunden speichern'}
        </Button>
      }
    >
      {problem ??
        (savedEmail
          ? `Beim Kunden ist ${savedEmail} hinterlegt. E-Mails gehen nur an hinterlegte Adressen (Kunde oder Endkunde): Speichern Sie die neue Adresse zuerst beim Kunden.`
          : 'Beim Kunden ist keine E-Mail-Adresse hinterlegt. E-Mails gehen nur an hinterlegte Adressen: Speichern Sie diese zuerst beim Kunden.')}
    </Alert>
  );
}
