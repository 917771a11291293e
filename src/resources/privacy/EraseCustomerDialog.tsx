import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import type { RecordActionProps } from '../resource';
import { ERASURE_REASON, eraseCustomerData } from './privacy.endpoints';

/** Art. 17: explains what goes and what stays, asks for the reason, then erases at the version shown. */
export default function EraseCustomerDialog({ record, onClose }: RecordActionProps) {
  const client = useEndpointClient();
  const { key: idempotencyKey } = useIdempotencyKey();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonError =
    reason.trim().length < ERASURE_REASON.minLength
      ? `Bitte nennen Sie den Anlass (mindestens ${ERASURE_REASON.minLength} Zeichen).`
      : null;
  const erase = async () => {
    setTouched(true);
    if (reasonError) return;
    setRunning(true);
    setError(null);
    try {
      const result = await client.call(eraseCustomerData, {
        params: { id: Number(record.id) },
        body: { reason: reason.trim(), version: Number(record.version) },
        idempotencyKey,
      });
      const kept =
        result.keptBelege === 1
          ? '1 Beleg bleibt'
          : `${result.keptBelege.toLocaleString('de-DE')} Belege bleiben`;
      notify(`Die personenbezogenen Daten wurden gelöscht. ${kept} wegen der Aufbewahrungspflicht.`, {
        type: 'success',
      });
      refresh();
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Die Löschung ist fehlgeschlagen.');
    } finally {
      setRunning(false);
    }
  };
  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Löschen / Anonymisieren nach Art. 17 DSGVO</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          „{String(record.displayName ?? '')}“ wird anonymisiert. Das lässt sich nicht rückgängig machen.
        </Alert>
        <p>
          Gelöscht werden Name, Adresse, Telefon, E-Mail, Notizen, persönliche Notizen, Texte von Aktivitäten,
          E-Mails und Bewertungen, die Dateien, die Daten der nur hier verknüpften Endkunden und die alten
          Werte im Änderungsverlauf. Vorgänge und Belege bleiben wegen der Aufbewahrungspflicht, mit „Gelöscht
          (DSGVO)“ statt des Namens. Solange ein Vorgang offen ist, ist die Löschung nicht möglich.
        </p>
        <Alert severity="info" sx={{ mb: 2 }}>
          Die Person kommt auf die Löschliste: Der Datenabgleich übernimmt sie nicht wieder aus dem ERP, und
          nach dem Einspielen einer älteren Sicherung wird sie erneut gelöscht. Löschen Sie sie bitte auch im
          ERP; ältere Sicherungen enthalten sie, bis sie nach ihrer Aufbewahrungszeit gelöscht werden.
        </Alert>
        <TextField
          label="Anlass der Löschung"
          placeholder="z. B. Antrag per Brief vom 20.11.2026"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && Boolean(reasonError)}
          helperText={touched && reasonError ? reasonError : 'Wird mit Ihrem Namen protokolliert.'}
          slotProps={{ htmlInput: { maxLength: ERASURE_REASON.maxLength } }}
          fullWidth
          required
          multiline
          minRows={2}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          Abbrechen
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void erase()}
          disabled={running}
          startIcon={running ? <CircularProgress size={16} /> : undefined}
        >
          Endgültig löschen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
