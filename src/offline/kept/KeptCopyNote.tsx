import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert, AlertTitle } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useCompanyZone } from '../../config/useCompanyZone';
import { keptStand, standText, subscribeKeptStand } from './keptCopyState';

/**
 * Above a page that shows the kept copy (no network): how old it is, in the company's time, and what cannot be
 * done until the network is back. Nothing while the page shows the server's answers.
 */
export function KeptCopyNote() {
  const zone = useCompanyZone();
  const stand = useSyncExternalStore(subscribeKeptStand, keptStand);
  if (stand === null) return null;
  return (
    <Alert severity="info" icon={<CloudOffIcon />} role="status" sx={{ mb: 1 }}>
      <AlertTitle sx={{ mb: 0 }}>Offline · Stand: {standText(stand, zone)}</AlertTitle>
      Sie sehen, was auf diesem Gerät gespeichert ist. Suche, Listen, Dateien und Auswertungen sowie Kunden
      und Vorgänge, die nicht gespeichert sind, gibt es erst wieder mit Verbindung.
    </Alert>
  );
}
