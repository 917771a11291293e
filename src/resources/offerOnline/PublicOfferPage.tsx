import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { callPublicEndpoint, PublicCallError, publicEndpointUrl } from '../../api/callPublicEndpoint';
import { useClientConfig } from '../../config/ClientConfigContext';
import { formatDate } from '../../i18n/format';
import { PublicCard } from '../../layout/PublicCard';
import { LegalText } from './LegalText';
import { OfferAcceptForm } from './OfferAcceptForm';
import { OfferMessageForm } from './OfferMessageForm';
import { getPublicOffer, getPublicOfferPdf } from './publicOffer.endpoints';
import { UNREACHABLE, type OfferAnswered, type OfferFormProps, type PublicOffer } from './publicOfferAnswer';

type State =
  | { step: 'loading' }
  | { step: 'invalid'; message: string }
  | { step: 'open'; offer: PublicOffer }
  | ({ step: 'done'; offer: PublicOffer } & OfferAnswered);
type Choice = 'annehmen' | 'rueckfrage' | 'ablehnen' | null;

/**
 * The public offer page /angebot/<token> (no sign-in, noindex): the offer's PDF, the AGB, for a consumer the
 * Widerrufsbelehrung and the Muster-Widerrufsformular, and three choices: accept (name, confirmation, a code
 * mailed to the offer's address), ask a question, decline. Shows nothing but this offer.
 */
export default function PublicOfferPage() {
  const { token = '' } = useParams();
  const { ui } = useClientConfig();
  const [state, setState] = useState<State>({ step: 'loading' });
  const [choice, setChoice] = useState<Choice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Ihr Angebot';
    // Search engines must not keep the page (the link is personal).
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex, nofollow';
    document.head.appendChild(robots);
    callPublicEndpoint(ui.apiBaseUrl, getPublicOffer, { params: { token } })
      .then((offer) => setState({ step: 'open', offer }))
      .catch((error: unknown) =>
        setState({
          step: 'invalid',
          message: (error instanceof PublicCallError && error.message) || UNREACHABLE,
        }),
      );
    return () => robots.remove();
    // The token is the page's identity; it does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // A refused link (404) ends the page; other refusals show at their fields or above the buttons.
  const attempt: OfferFormProps['attempt'] = async (call) => {
    setBusy(true);
    setErrors({});
    try {
      return await call(ui.apiBaseUrl);
    } catch (error) {
      const refusal = error instanceof PublicCallError ? error : new PublicCallError(0, '');
      if (refusal.status === 404) setState({ step: 'invalid', message: refusal.message || UNREACHABLE });
      else if (Object.keys(refusal.fields).length) setErrors({ ...refusal.fields });
      else setErrors({ form: refusal.message || UNREACHABLE });
      return null;
    } finally {
      setBusy(false);
    }
  };

  if (state.step === 'loading' || state.step === 'invalid') {
    return (
      <PublicCard company={null} topic="Ihr Angebot">
        {state.step === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Das Angebot wird geladen" />
          </Box>
        ) : (
          <>
            <Typography variant="h5" component="h1" gutterBottom>
              Angebot nicht verfügbar
            </Typography>
            <Alert severity="info">{state.message}</Alert>
          </>
        )}
      </PublicCard>
    );
  }
  const { offer } = state;
  if (state.step === 'done') {
    return (
      <PublicCard company={offer.company} topic="Ihr Angebot">
        <Typography variant="h5" component="h1" gutterBottom>
          {state.title}
        </Typography>
        <Alert severity="success">{state.text}</Alert>
      </PublicCard>
    );
  }
  const form = {
    offer,
    token,
    errors,
    busy,
    attempt,
    onAnswered: (answered: OfferAnswered) => setState({ step: 'done', offer, ...answered }),
  };

  return (
    <PublicCard company={offer.company} topic="Ihr Angebot">
      <Typography variant="h5" component="h1" gutterBottom>
        {offer.addressee ? `Guten Tag, ${offer.addressee}!` : 'Guten Tag!'}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Hier ist unser Angebot {offer.belegNumber} „{offer.vorgangTitle}“. Es gilt bis{' '}
        {formatDate(offer.validUntil)}.
      </Typography>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfIcon />}
        href={publicEndpointUrl(ui.apiBaseUrl, getPublicOfferPdf, { token })}
        target="_blank"
        rel="noopener"
        sx={{ mb: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        Angebot ansehen (PDF)
      </Button>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <LegalText title="Allgemeine Geschäftsbedingungen" text={offer.agb} />
        {offer.widerruf && <LegalText title="Widerrufsbelehrung" text={offer.widerruf} />}
        {offer.formular && <LegalText title="Muster-Widerrufsformular" text={offer.formular} />}
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <Button
          variant={choice === 'annehmen' ? 'contained' : 'outlined'}
          size="large"
          onClick={() => setChoice('annehmen')}
        >
          Angebot annehmen
        </Button>
        <Button
          variant={choice === 'rueckfrage' ? 'contained' : 'outlined'}
          onClick={() => setChoice('rueckfrage')}
        >
          Rückfrage stellen
        </Button>
        <Button
          variant={choice === 'ablehnen' ? 'contained' : 'outlined'}
          color="inherit"
          onClick={() => setChoice('ablehnen')}
        >
          Ablehnen
        </Button>
      </Stack>

      {choice === 'annehmen' && <OfferAcceptForm {...form} />}
      {(choice === 'rueckfrage' || choice === 'ablehnen') && <OfferMessageForm kind={choice} {...form} />}
      {errors.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.form}
        </Alert>
      )}
    </PublicCard>
  );
}
