import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { formatDate } from '../../i18n/format';
import { saveBlob } from '../kit/saveBlob';
import { DeclinedAsLost } from './DeclinedAsLost';
import {
  getOfferLinkPdf,
  getVorgangOfferLinks,
  OFFER_EVENT_LABELS,
  OFFER_LINK_STATES,
  withdrawOfferLink,
  type OfferLinkInfo,
} from './offerOnline.endpoints';

const STATE_COLOR = {
  offen: 'info',
  angenommen: 'success',
  abgelehnt: 'error',
  zurueckgezogen: 'default',
  ersetzt: 'default',
} as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 150 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/**
 * "Angebot online" on the Vorgang's page: the newest link (sent when and to whom, opened how often, state,
 * Widerruf deadline, the evidence), its timeline, the PDF kept and "Link zurückziehen"; older links below.
 */
export default function OfferOnlineCard({ links, vorgangId }: { links: OfferLinkInfo[]; vorgangId: number }) {
  const [latest, ...older] = links;
  return (
    <Card component="section" aria-label="Angebot online">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Angebot online
        </Typography>
        <LinkDetails link={latest!} vorgangId={vorgangId} />
        {older.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Frühere Links:{' '}
            {older
              .map(
                (link) =>
                  `${link.belegNumber} vom ${formatDate(link.sentAt)} (${OFFER_LINK_STATES[link.state]})`,
              )
              .join(' · ')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function LinkDetails({ link, vorgangId }: { link: OfferLinkInfo; vorgangId: number }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const dateTime = useCompanyDateTime();
  const [busy, setBusy] = useState(false);
  const acceptance = link.acceptance;
  const withdraw = async () => {
    setBusy(true);
    try {
      await api.call(withdrawOfferLink, { params: { id: link.id } });
      notify('Der Link wurde zurückgezogen.', { type: 'info' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [...endpointKey(getVorgangOfferLinks)] });
    }
  };
  const download = async () => {
    const name = `Angebot_${link.belegNumber}${acceptance ? '_angenommen' : ''}.pdf`;
    saveBlob(await api.download(getOfferLinkPdf, { params: { id: link.id } }), name);
  };
  const stateLabel = link.state === 'angenommen' ? 'Angebot angenommen' : OFFER_LINK_STATES[link.state];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={stateLabel} color={STATE_COLOR[link.state]} />
        <Typography variant="body2" color="text.secondary">
          {link.belegNumber} · gültig bis {formatDate(link.validUntil)}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Fact label="Gesendet" value={`${dateTime(link.sentAt)} an ${link.email} (${link.sentBy})`} />
        <Fact
          label="Geöffnet"
          value={
            link.openCount === 0
              ? 'noch nicht'
              : `${link.openCount}-mal, zuletzt ${dateTime(link.lastOpenedAt!)}`
          }
        />
        {acceptance && (
          <Fact
            label="Widerrufsfrist"
            value={
              acceptance.widerrufUntil
                ? `bis ${formatDate(acceptance.widerrufUntil)}`
                : 'keine (Geschäftskunde)'
            }
          />
        )}
      </Stack>
      {acceptance && (
        <Alert severity="success">
          Angenommen von {acceptance.signerName} am {dateTime(acceptance.acceptedAt)} ({acceptance.timeZone}),{' '}
          {new Date(acceptance.acceptedAt).toISOString().slice(0, 19).replace('T', ' ')} UTC · IP{' '}
          {acceptance.ip} · Code an {acceptance.codeEmail} bestätigt um {dateTime(acceptance.codeVerifiedAt)}{' '}
          · SHA-256 des PDF{' '}
          <Box component="span" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
            {acceptance.pdfSha256}
          </Box>{' '}
          · AGB Fassung Nr. {acceptance.agbVersionId ?? '–'}
          {acceptance.consumer
            ? ` · Widerrufsbelehrung Fassung Nr. ${acceptance.widerrufVersionId ?? '–'}`
            : ''}
          . Auftrag bitte im ERP anlegen.
        </Alert>
      )}
      {link.state === 'abgelehnt' && <DeclinedAsLost vorgangId={vorgangId} reason={link.declineReason} />}
      <Box>
        <Typography variant="subtitle2" component="h3">
          Verlauf
        </Typography>
        <List dense aria-label="Verlauf des Angebots-Links">
          {link.events.map((event, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText
                primary={`${dateTime(event.at)} · ${OFFER_EVENT_LABELS[event.kind] ?? event.kind}${event.message ? ` – ${event.message}` : ''}`}
                secondary={
                  event.ip ? `IP ${event.ip}${event.userAgent ? ` · ${event.userAgent}` : ''}` : undefined
                }
                slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={() => void download()}>
          {acceptance ? 'PDF mit Annahmebestätigung' : 'Gesendetes PDF'}
        </Button>
        {link.state === 'offen' && (
          <Button variant="outlined" color="warning" onClick={() => void withdraw()} disabled={busy}>
            Link zurückziehen
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
