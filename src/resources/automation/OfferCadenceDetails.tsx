import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { formatCompanyDate } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { formatDate } from '../../i18n/format';
import { setLostForVorgang } from '../vorgaenge/vorgang.endpoints';
import { getOfferCadence, stopOfferCadence } from './offerCadence.endpoints';

/** The Verlustgrund an expired offer is offered with (the Stammdaten hold it). */
const EXPIRED_REASON = 'Angebot abgelaufen';

/**
 * The follow-up of the Vorgang's online offer on its page: the next step of the cadence automations ("Nächster
 * Schritt: … am 04.12.2026"), or why it ended; "Nachfassen beenden"; an expired offer offered as lost with
 * "Angebot abgelaufen" (the seller decides, nothing is marked lost by itself). Nothing when no offer went online.
 */
export default function OfferCadenceDetails({
  vorgang,
}: {
  vorgang: { id: number; version: number; vorgangNumber: string; systemStatus: string };
}) {
  const api = useEndpointClient();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const zone = useCompanyZone();
  const [busy, setBusy] = useState(false);
  const { data: cadence } = useEndpoint(getOfferCadence, { params: { id: vorgang.id } });
  if (!cadence?.sentAt) return null;

  // Either change shows in the header, the status history and this card: every vorgang/ call reads again.
  const act = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await change();
      notify(done, { type: 'info' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('vorgang/'),
      });
    }
  };
  const stop = () =>
    act(
      () => api.call(stopOfferCadence, { body: { vorgangId: vorgang.id } }),
      'Das Nachfassen ist beendet: keine weiteren Schritte für dieses Angebot.',
    );
  const markLost = () =>
    act(
      () =>
        api.call(setLostForVorgang, {
          body: { vorgangId: vorgang.id, version: vorgang.version, lostReason: EXPIRED_REASON },
        }),
      `${vorgang.vorgangNumber} ist als verloren markiert (${EXPIRED_REASON}).`,
    );

  const sent = `Online-Angebot gesendet am ${formatCompanyDate(cadence.sentAt, zone)}, gültig bis ${formatDate(cadence.validUntil!)}.`;
  let line: string;
  if (cadence.stopReason) line = `Kein weiteres Nachfassen: ${cadence.stopReason}`;
  else if (cadence.expired) line = `Das Angebot ist abgelaufen. Als verloren markieren (${EXPIRED_REASON})?`;
  else if (cadence.nextStep) {
    line = `Nächster Schritt: „${cadence.nextStep.name}“ am ${formatDate(cadence.nextStep.day)}`;
  } else line = 'Kein weiterer Schritt geplant.';

  return (
    <Card component="section" aria-label="Nachfassen">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              Nachfassen
            </Typography>
            <Typography sx={{ fontWeight: 500 }}>{line}</Typography>
            <Typography variant="body2" color="text.secondary">
              {sent}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
            {cadence.expired && vorgang.systemStatus !== 'verloren' && (
              <Button variant="contained" color="error" disabled={busy} onClick={() => void markLost()}>
                Als verloren markieren
              </Button>
            )}
            {cadence.canStop && (
              <Button variant="outlined" disabled={busy} onClick={() => void stop()}>
                Nachfassen beenden
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
