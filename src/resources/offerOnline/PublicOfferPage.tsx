import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { pathOf, type EndpointDeclaration } from '../../api/endpoint';
import { useClientConfig } from '../../config/ClientConfigContext';
import { formatDate } from '../../i18n/format';
import { PublicCard } from '../../layout/PublicCard';
import { CODE_DIGITS, MESSAGE_MAX, NAME_MAX } from './offerOnline.rules';
import {
  acceptOffer,
  askAboutOffer,
  declineOffer,
  getPublicOffer,
  getPublicOfferPdf,
  requestOfferCode,
} from './publicOffer.endpoints';

type Envelope = { statusCode: number; result: Record<string, unknown> & { message?: string } };
type Text = { id: number; body: string };
interface Offer {
  company: string | null;
  addressee: string | null;
  belegNumber: string;
  vorgangTitle: string;
  validUntil: string;
  fileName: string;
  maskedEmail: string;
  consumer: boolean;
  agb: Text;
  widerruf: Text | null;
  formular: Text | null;
}
type State =
  | { step: 'loading' }
  | { step: 'invalid'; message: string }
  | { step: 'open'; offer: Offer }
  | { step: 'done'; offer: Offer; title: string; text: string };
type Choice = 'annehmen' | 'rueckfrage' | 'ablehnen' | null;

const UNREACHABLE = 'Die Seite ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.';

function LegalText({ title, text }: { title: string; text: Text }) {
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {text.body}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}

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
  const [name, setName] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const url = (endpoint: EndpointDeclaration) =>
    `${ui.apiBaseUrl.replace(/\/$/, '')}/${pathOf(endpoint, { token })}`;

  useEffect(() => {
    document.title = 'Ihr Angebot';
    // Search engines must not keep the page (the link is personal).
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex, nofollow';
    document.head.appendChild(robots);
    fetch(url(getPublicOffer))
      .then(async (response) => {
        const body = (await response.json()) as Envelope;
        if (!response.ok) setState({ step: 'invalid', message: body.result.message ?? UNREACHABLE });
        else setState({ step: 'open', offer: body.result as unknown as Offer });
      })
      .catch(() => setState({ step: 'invalid', message: UNREACHABLE }));
    return () => robots.remove();
    // The token is the page's identity; it does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const post = async (endpoint: EndpointDeclaration, body: object) => {
    setBusy(true);
    setErrors({});
    try {
      const response = await fetch(url(endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Envelope;
      if (response.ok) return answer.result;
      if (response.status === 404) {
        setState({ step: 'invalid', message: answer.result.message ?? UNREACHABLE });
      } else {
        const fields = (answer.result.errors as Record<string, string> | undefined) ?? {};
        setErrors({
          ...fields,
          ...(Object.keys(fields).length ? {} : { form: answer.result.message ?? UNREACHABLE }),
        });
      }
      return null;
    } catch {
      setErrors({ form: UNREACHABLE });
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

  const askCode = async () => {
    const result = await post(requestOfferCode, {});
    if (result) setCodeSentTo(String(result.maskedEmail));
  };
  const accept = async () => {
    const result = await post(acceptOffer, {
      name,
      confirmed,
      code,
      agbVersionId: offer.agb.id,
      widerrufVersionId: offer.widerruf?.id ?? null,
      formularVersionId: offer.formular?.id ?? null,
    });
    if (!result) return;
    const until = result.widerrufUntil as string | null;
    setState({
      step: 'done',
      offer,
      title: 'Vielen Dank – Angebot angenommen',
      text:
        'Sie erhalten gleich eine E-Mail mit der Annahmebestätigung (PDF). Wir melden uns mit der Auftragsbestätigung.' +
        (until ? ` Sie können Ihre Annahme bis einschließlich ${formatDate(until)} widerrufen.` : ''),
    });
  };
  const ask = async () => {
    if (await post(askAboutOffer, { message })) {
      setState({
        step: 'done',
        offer,
        title: 'Ihre Rückfrage ist angekommen',
        text: 'Ihr Ansprechpartner meldet sich bei Ihnen. Der Link zum Angebot bleibt gültig.',
      });
    }
  };
  const decline = async () => {
    if (await post(declineOffer, { reason: message })) {
      setState({
        step: 'done',
        offer,
        title: 'Schade – Ihre Absage ist angekommen',
        text: 'Danke für Ihre Rückmeldung. Wenn Sie es sich anders überlegen, melden Sie sich gerne bei uns.',
      });
    }
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
        href={url(getPublicOfferPdf)}
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

      {choice === 'annehmen' && (
        <Stack component="section" aria-label="Angebot annehmen" spacing={2}>
          <TextField
            label="Ihr vollständiger Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            error={Boolean(errors.name)}
            helperText={errors.name}
            fullWidth
          />
          <Box>
            <FormControlLabel
              control={
                <Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
              }
              label={
                offer.consumer
                  ? 'Ich habe das Angebot, die AGB und die Widerrufsbelehrung gelesen.'
                  : 'Ich habe das Angebot und die AGB gelesen.'
              }
            />
            {errors.confirmed && <FormHelperText error>{errors.confirmed}</FormHelperText>}
          </Box>
          <Typography variant="body2">
            Zur Bestätigung senden wir Ihnen einen {CODE_DIGITS}-stelligen Code an {offer.maskedEmail}.
          </Typography>
          <Button variant="outlined" onClick={() => void askCode()} disabled={busy}>
            {codeSentTo ? 'Neuen Code senden' : 'Code per E-Mail anfordern'}
          </Button>
          {codeSentTo && (
            <Alert severity="info">Der Code ist unterwegs an {codeSentTo}. Er gilt 15 Minuten.</Alert>
          )}
          <TextField
            label="Code aus der E-Mail"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CODE_DIGITS + 2 } }}
            error={Boolean(errors.code)}
            helperText={errors.code}
          />
          <Button variant="contained" size="large" onClick={() => void accept()} disabled={busy}>
            Angebot verbindlich annehmen
          </Button>
        </Stack>
      )}
      {(choice === 'rueckfrage' || choice === 'ablehnen') && (
        <Stack
          component="section"
          aria-label={choice === 'rueckfrage' ? 'Rückfrage stellen' : 'Ablehnen'}
          spacing={2}
        >
          <TextField
            label={choice === 'rueckfrage' ? 'Ihre Frage' : 'Grund (freiwillig)'}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
            error={Boolean(errors.message ?? errors.reason)}
            helperText={errors.message ?? errors.reason}
            fullWidth
          />
          <Button
            variant="contained"
            onClick={() => void (choice === 'rueckfrage' ? ask() : decline())}
            disabled={busy}
          >
            {choice === 'rueckfrage' ? 'Frage senden' : 'Angebot ablehnen'}
          </Button>
        </Stack>
      )}
      {errors.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.form}
        </Alert>
      )}
    </PublicCard>
  );
}
