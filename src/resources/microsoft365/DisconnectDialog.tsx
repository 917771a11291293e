import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** Asks before the connection is removed, saying what stays in Outlook and where mail goes then. */
export function DisconnectDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="trennen-titel">
      <DialogTitle id="trennen-titel">Microsoft 365 trennen?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Das CRM löscht alle gespeicherten Zugangsdaten und schreibt nichts mehr in Ihren Kalender. Termine,
          die schon in Outlook stehen, bleiben dort. E-Mails gehen wieder über den Mailserver der Firma.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Abbrechen</Button>
        <Button color="error" onClick={onConfirm}>
          Trennen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
