import CloudOffIcon from '@mui/icons-material/CloudOff';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { unreachable } from '../offline/kept/throughKeptCopy';

/**
 * A detail screen whose record could not be loaded (an unknown or mistyped id): the API's own message and a way
 * back, instead of a blank page or a jump to the list with a toast. Without a network, a record this device did
 * not keep: said as such, with the way to Mein Tag (the list behind "Zurück zur Liste" needs the network too).
 */
export function NotFoundPage({
  message,
  backTo,
  backLabel = 'Zurück zur Liste',
  error,
}: {
  /** The API's message (HttpError.message), e.g. "Der Vorgang wurde nicht gefunden." */
  message: string;
  /** Where "Zurück zur Liste" leads, e.g. "/crm/vorgang". */
  backTo: string;
  backLabel?: string;
  /** The failed load's error: one that never reached the server is told apart. */
  error?: unknown;
}) {
  const offline = unreachable(error);
  const Icon = offline ? CloudOffIcon : SearchOffOutlined;
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Icon sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {offline ? 'Ohne Verbindung nicht verfügbar' : message}
      </Typography>
      {offline && (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 480, mx: 'auto' }}>
          Dies ist nicht auf diesem Gerät gespeichert. Ohne Verbindung öffnen sich die Kunden und Vorgänge
          Ihrer Termine und Todos der nächsten 7 Tage und die zuletzt geöffneten.
        </Typography>
      )}
      <Button component={Link} to={offline ? '/crm/dashboard' : backTo} variant="outlined" sx={{ mt: 3 }}>
        {offline ? 'Zu Mein Tag' : backLabel}
      </Button>
    </Box>
  );
}
