import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { callPublicEndpoint, PublicCallError } from '../api/callPublicEndpoint';
import { useClientConfig } from '../config/ClientConfigContext';
import { PublicCard } from '../layout/PublicCard';
import { unsubscribe } from '../resources/consent/consent.endpoints';

type State =
  | { step: 'working' }
  | { step: 'done'; withdrawn: boolean; company: string | null }
  | { step: 'unknown'; message: string }
  | { step: 'unreachable' };

/**
 * The public page of a Werbung mail's unsubscribe link, /abmelden/<token> (no sign-in): opening it is the one
 * click. It withdraws the consent at once (a POST from the page, so a mail scanner that only fetches the link
 * withdraws nothing), then says so in the tenant's look; opened again it says the customer is off the list
 * already. It shows nothing about the customer and calls only the public unsubscribe endpoint.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const { ui } = useClientConfig();
  const [state, setState] = useState<State>({ step: 'working' });
  const sent = useRef('');

  const withdraw = useCallback(async () => {
    setState({ step: 'working' });
    try {
      const answer = await callPublicEndpoint(ui.apiBaseUrl, unsubscribe, { params: { token }, body: {} });
      setState({ step: 'done', withdrawn: answer.withdrawn, company: answer.company });
    } catch (error) {
      if (error instanceof PublicCallError && error.status === 404)
        setState({ step: 'unknown', message: error.message });
      else setState({ step: 'unreachable' });
    }
  }, [token, ui.apiBaseUrl]);

  useEffect(() => {
    document.title = 'Abmelden';
    // Once per link, also when React runs the effect twice.
    if (sent.current === token) return;
    sent.current = token;
    void withdraw();
  }, [token, withdraw]);

  const company = state.step === 'done' ? state.company : null;
  return (
    <PublicCard company={company} topic="Werbung per E-Mail">
      {state.step === 'working' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Sie werden abgemeldet" />
        </Box>
      )}
      {state.step === 'done' && (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            {state.withdrawn ? 'Sie sind abgemeldet' : 'Sie sind bereits abgemeldet'}
          </Typography>
          <Typography sx={{ mb: 2 }}>
            {state.withdrawn
              ? `Sie erhalten ${company ? `von ${company} ` : ''}keine Werbung mehr per E-Mail. Ihre Einwilligung ist widerrufen.`
              : `Sie erhalten ${company ? `von ${company} ` : ''}keine Werbung per E-Mail. Es ist nichts weiter zu tun.`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Nachrichten zu Ihren Angeboten, Aufträgen und Terminen bekommen Sie weiterhin. Möchten Sie doch
            wieder Neuigkeiten erhalten, antworten Sie einfach auf eine unserer E-Mails.
          </Typography>
        </>
      )}
      {state.step === 'unknown' && (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            Abmeldelink nicht gefunden
          </Typography>
          <Alert severity="info">{state.message}</Alert>
        </>
      )}
      {state.step === 'unreachable' && (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            Abmelden gerade nicht möglich
          </Typography>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Die Abmeldung ist gerade nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten erneut.
          </Alert>
          <Button
            variant="contained"
            onClick={() => void withdraw()}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Erneut versuchen
          </Button>
        </>
      )}
    </PublicCard>
  );
}
