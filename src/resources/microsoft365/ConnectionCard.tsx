import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { endpointKey } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { STATE_COLOR, STATE_LABEL } from './connectionState';
import { DisconnectDialog } from './DisconnectDialog';
import {
  connectMicrosoft365,
  disconnectMicrosoft365,
  getConnectionStatus,
  putMicrosoft365Settings,
} from './microsoft365.endpoints';

/** The person's own connection: its state and figures, connect (through Microsoft's consent), disconnect. */
export function ConnectionCard() {
  const status = useEndpoint(getConnectionStatus, {});
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const formatDateTime = useCompanyDateTime();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const returned = params.get('zustimmung');
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(getConnectionStatus) });

  const connect = async () => {
    setBusy(true);
    try {
      const answer = await api.call(connectMicrosoft365, {});
      if (answer.consentUrl) {
        // Microsoft's page asks for the two permissions; it sends the person back here.
        window.location.assign(answer.consentUrl);
        return;
      }
      notify('Microsoft 365 ist verbunden.', { type: 'success' });
      await refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  // Back from the consent page: connect at once with the consent just given (once per return).
  const handled = useRef(false);
  useEffect(() => {
    if (returned !== 'erteilt' || handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    void connect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the return from Microsoft
  }, [returned]);

  const disconnect = async () => {
    setConfirmDisconnect(false);
    setBusy(true);
    try {
      await api.call(disconnectMicrosoft365, {});
      notify('Microsoft 365 ist getrennt. Alle gespeicherten Zugangsdaten wurden gelöscht.', {
        type: 'info',
      });
      await refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const setMeetings = async (showCustomerMeetings: boolean) => {
    try {
      await api.call(putMicrosoft365Settings, { body: { showCustomerMeetings } });
      await refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  if (status.error) return <Alert severity="error">{status.error.message}</Alert>;
  const data = status.data;
  if (!data) return <LinearProgress aria-label="Wird geladen" />;
  if (!data.available) {
    return (
      <Alert severity="info">
        Microsoft 365 ist in dieser Installation nicht eingerichtet. Ihre IT richtet es ein (Anleitung für die
        IT: docs/entra-setup.md).
      </Alert>
    );
  }
  const when = (value: string | null) => (value ? formatDateTime(value) : '–');
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          {returned === 'abgelehnt' && (
            <Alert severity="warning">
              Sie haben die Zustimmung bei Microsoft abgelehnt. Ohne sie kann das CRM keine Termine in Ihren
              Kalender schreiben und keine E-Mails aus Ihrem Postfach senden.
            </Alert>
          )}
          {data.state === 'erneuern' && (
            <Alert severity="error">
              Die Verbindung zu Microsoft 365 muss erneuert werden. {data.lastError}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              Outlook-Kalender und E-Mail
            </Typography>
            <Chip label={STATE_LABEL[data.state]} color={STATE_COLOR[data.state]} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Verbunden schreibt das CRM Ihre geplanten Besuche, Aufmaße, Termine und Schauraumtermine in Ihren
            Outlook-Kalender; verschieben oder löschen Sie einen davon in Outlook, folgt das CRM. E-Mails an
            Kunden gehen aus Ihrem Postfach (Sie finden sie in „Gesendete Elemente“). Das CRM fragt nur nach
            diesen zwei Berechtigungen und liest sonst nichts.
          </Typography>
          {data.state !== 'nicht_verbunden' && (
            <Table size="small" aria-label="Stand der Verbindung">
              <TableBody>
                <TableRow>
                  <TableCell component="th">Postfach</TableCell>
                  <TableCell>{data.mailbox ?? '–'}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Verbunden seit</TableCell>
                  <TableCell>{when(data.connectedAt)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Letzte Synchronisation</TableCell>
                  <TableCell>{when(data.lastSyncAt)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Termine warten auf Outlook</TableCell>
                  <TableCell>{data.pendingTermine}</TableCell>
                </TableRow>
                {data.lastError && data.state === 'verbunden' && (
                  <TableRow>
                    <TableCell component="th">Fehler</TableCell>
                    <TableCell>
                      {data.lastError} ({when(data.lastErrorAt)})
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          )}
          {data.state === 'verbunden' && (
            <FormControlLabel
              control={
                <Switch
                  checked={data.showCustomerMeetings}
                  onChange={(event) => void setMeetings(event.target.checked)}
                />
              }
              label="Outlook-Termine mit Kunden im Kalender anzeigen (nur lesend)"
            />
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {data.state !== 'verbunden' && (
              <Button variant="contained" disabled={busy} onClick={() => void connect()}>
                {data.state === 'erneuern' ? 'Verbindung erneuern' : 'Microsoft 365 verbinden'}
              </Button>
            )}
            {data.state !== 'nicht_verbunden' && (
              <Button color="error" disabled={busy} onClick={() => setConfirmDisconnect(true)}>
                Trennen
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
      <DisconnectDialog
        open={confirmDisconnect}
        onCancel={() => setConfirmDisconnect(false)}
        onConfirm={() => void disconnect()}
      />
    </Card>
  );
}
