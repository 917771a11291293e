import { Button, Snackbar } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { subscribeAppUpdate, waitingUpdate } from '../offline/appUpdate';

/**
 * "Neue Version verfügbar": a new build is installed and waits for the person, who may be typing; the switch
 * (and the reload it needs) happens only on "Neu laden".
 */
export function AppUpdatePrompt() {
  const apply = useSyncExternalStore(subscribeAppUpdate, waitingUpdate);
  return (
    <Snackbar
      open={apply !== null}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="Neue Version verfügbar"
      action={
        <Button color="secondary" size="small" onClick={() => apply?.()}>
          Neu laden
        </Button>
      }
    />
  );
}
