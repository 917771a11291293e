import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { ACTIVITY_NOTE_MAX_LENGTH } from '../activities/activityTypes';
import { uploadActivityFile } from '../files/files.endpoints';
import { LazyNewVorgangDialog } from '../vorgaenge/LazyNewVorgangDialog';
import { lastOfferText } from './lastOfferText';
import { openMail } from './officeItem';
import { getSenderOverview } from './outlookAddin.endpoints';

/**
 * The Outlook side panel: for the open mail, the sender's customer (by address, any domain), its open Vorgänge
 * and last offer; "E-Mail ablegen" files this mail with its files on the customer's or a Vorgang's timeline (an
 * activity "E-Mail" with the files attached), "Aufgabe" makes a todo for tomorrow, "Neuer Vorgang" the form.
 */
export default function OutlookPane() {
  const [mail] = useState(openMail);
  const overview = useEndpoint(
    getSenderOverview,
    { query: { email: mail?.fromAddress ?? '' } },
    { enabled: !!mail },
  );
  const api = useEndpointClient();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [vorgangId, setVorgangId] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [filed, setFiled] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  if (!mail) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="Outlook" />
        <Alert severity="info">Öffnen Sie eine E-Mail in Outlook, um sie hier dem Kunden zuzuordnen.</Alert>
      </Box>
    );
  }
  const data = overview.data;
  const customer = data?.customer;

  const activity = async (values: Record<string, unknown>) =>
    (
      await dataProvider.create<RaRecord>('aktivitaeten', {
        data: { customerId: customer!.id, vorgangId: vorgangId || null, ...values },
      })
    ).data;

  const fileMail = async () => {
    setBusy(true);
    try {
      const text = await mail.text();
      const heading = `E-Mail von ${mail.fromName} <${mail.fromAddress}>: ${mail.subject}`;
      const created = await activity({
        activityType: 'email',
        activityDate: mail.receivedAt.toISOString(),
        done: true,
        note: `${heading}\n\n${text}`.slice(0, ACTIVITY_NOTE_MAX_LENGTH),
      });
      for (const file of mail.attachments) {
        const blob = await mail.attachment(file.id);
        await api.upload(
          uploadActivityFile,
          { params: { id: Number(created.id) } },
          new File([blob], file.name, { type: file.contentType }),
          () => undefined,
        );
      }
      const where = vorgangId ? 'am Vorgang' : 'beim Kunden';
      const count = mail.attachments.length;
      setFiled(`Abgelegt ${where}${count ? ` mit ${count} ${count === 1 ? 'Anhang' : 'Anhängen'}` : ''}.`);
    } catch (error) {
      notify((error as Error).message || 'Die E-Mail konnte nicht abgelegt werden.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const task = async () => {
    setBusy(true);
    try {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await activity({
        activityType: 'email',
        activityDate: new Date().toISOString(),
        dueDate: tomorrow,
        done: false,
        note: `Antworten: ${mail.subject}`.slice(0, ACTIVITY_NOTE_MAX_LENGTH),
      });
      notify('Aufgabe für morgen angelegt.', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: 1.5, maxWidth: 480 }}>
      <Title title="Outlook" />
      <Typography variant="overline" color="text.secondary">
        Von {mail.fromName}
      </Typography>
      {overview.isPending && <LinearProgress aria-label="Wird geladen" />}
      {data && !customer && <Alert severity="info">Zu {mail.fromAddress} ist kein Kunde hinterlegt.</Alert>}
      {customer && (
        <Stack spacing={1.5}>
          <Box>
            <Typography variant="h6" component="h1">
              {customer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[customer.city, customer.phone].filter(Boolean).join(' · ')}
              {customer.matchedBy === 'endkunde' && ' · über einen Endkunden'}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2">Offene Vorgänge</Typography>
            {data.vorgaenge.length === 0 ? (
              <Typography variant="body2">Keine</Typography>
            ) : (
              <List dense disablePadding aria-label="Offene Vorgänge">
                {data.vorgaenge.map((vorgang) => (
                  <ListItem key={vorgang.id} disableGutters>
                    <ListItemText primary={`${vorgang.number} ${vorgang.title}`} secondary={vorgang.status} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2">Letztes Angebot</Typography>
            <Typography variant="body2">{lastOfferText(data.lastOffer)}</Typography>
          </Box>
          <TextField
            select
            size="small"
            label="Ablegen bei"
            value={vorgangId}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(event) => setVorgangId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            <MenuItem value="">Kunde</MenuItem>
            {data.vorgaenge.map((vorgang) => (
              <MenuItem key={vorgang.id} value={vorgang.id}>
                Vorgang {vorgang.number}
              </MenuItem>
            ))}
          </TextField>
          {filed && <Alert severity="success">{filed}</Alert>}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={busy || !!filed} onClick={() => void fileMail()}>
              E-Mail ablegen
            </Button>
            <Button disabled={busy} onClick={() => void task()}>
              Aufgabe
            </Button>
            <Button disabled={busy} onClick={() => setCreating(true)}>
              Neuer Vorgang
            </Button>
          </Stack>
        </Stack>
      )}
      {creating && customer && (
        <LazyNewVorgangDialog customerId={customer.id} onClose={() => setCreating(false)} />
      )}
    </Box>
  );
}
