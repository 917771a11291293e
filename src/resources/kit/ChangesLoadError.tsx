import { Alert } from '@mui/material';
import { useOnline } from '../../offline/online';

/**
 * The Änderungsverlauf of a timeline could not be read. Without a network that is expected (the device keeps no
 * copy of it): a calm hint, not a red error in the middle of what the device does show.
 */
export function ChangesLoadError() {
  const online = useOnline();
  return online ? (
    <Alert severity="error">Die Änderungen konnten nicht geladen werden.</Alert>
  ) : (
    <Alert severity="info">Die Änderungen sind ohne Verbindung nicht verfügbar.</Alert>
  );
}
