import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { useEndpointClient } from '../../api/useEndpoint';
import { saveBlob } from '../kit/saveBlob';
import type { RecordActionProps } from '../resource';
import { getCustomerDataReport } from './privacy.endpoints';

/** Art. 15: says what the report holds, then makes it (a ZIP) and hands it to the save dialog. */
export default function DataReportDialog({ record, onClose }: RecordActionProps) {
  const client = useEndpointClient();
  const [state, setState] = useState<'idle' | 'running' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    setState('running');
    setError(null);
    try {
      const zip = await client.download(getCustomerDataReport, { params: { id: Number(record.id) } });
      saveBlob(zip, `Auskunft-DSGVO-${String(record.customerNumber ?? record.id)}.zip`);
      setState('done');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Die Auskunft konnte nicht erstellt werden.');
      setState('idle');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Auskunft nach Art. 15 DSGVO</DialogTitle>
      <DialogContent>
        <p>
          Die Auskunft enthält alle personenbezogenen Daten zu „{String(record.displayName ?? '')}“ als ZIP:
          einen Bericht als PDF (Stammdaten, Vorgänge mit Endkunden, Belege, Notizen, Aktivitäten, gesendete
          E-Mails, NPS-Bewertungen, Labels, Dateien, den Änderungsverlauf mit früheren Werten und die
          Informationen nach Art. 15 Abs. 1 DSGVO), dieselben Daten maschinenlesbar (daten.json, Art. 20) und
          die Dateien selbst.
        </p>
        <p>Die Auskunft wird mit Ihrem Namen im Datenschutz-Protokoll vermerkt.</p>
        {state === 'done' && (
          <Alert severity="success">Die Auskunft wurde erstellt und heruntergeladen.</Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{state === 'done' ? 'Schließen' : 'Abbrechen'}</Button>
        <Button
          variant="contained"
          onClick={() => void make()}
          disabled={state === 'running'}
          startIcon={state === 'running' ? <CircularProgress size={16} /> : undefined}
        >
          Auskunft erstellen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
