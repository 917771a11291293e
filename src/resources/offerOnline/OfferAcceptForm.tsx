import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { callPublicEndpoint } from '../../api/callPublicEndpoint';
import { formatDate } from '../../i18n/format';
import { CODE_DIGITS, NAME_MAX } from './offerOnline.rules';
import { acceptOffer, requestOfferCode } from './publicOffer.endpoints';
import type { OfferFormProps } from './publicOfferAnswer';

/** Accepting the offer: the full name, the texts confirmed and the one-time code mailed to the offer's address. */
export function OfferAcceptForm({ offer, token, errors, busy, attempt, onAnswered }: OfferFormProps) {
  const [name, setName] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const params = { token };

  const askCode = async () => {
    const result = await attempt((base) => callPublicEndpoint(base, requestOfferCode, { params }));
    if (result) setCodeSentTo(result.maskedEmail);
  };
  const accept = async () => {
    const result = await attempt((base) =>
      callPublicEndpoint(base, acceptOffer, {
        params,
        body: {
          name,
          confirmed,
          code,
          agbVersionId: offer.agb.id,
          widerrufVersionId: offer.widerruf?.id ?? null,
          formularVersionId: offer.formular?.id ?? null,
        },
      }),
    );
    if (!result) return;
    const until = result.widerrufUntil;
    onAnswered({
      title: 'Vielen Dank – Angebot angenommen',
      text:
        'Sie erhalten gleich eine E-Mail mit der Annahmebestätigung (PDF). Wir melden uns mit der Auftragsbestätigung.' +
        (until ? ` Sie können Ihre Annahme bis einschließlich ${formatDate(until)} widerrufen.` : ''),
    });
  };

  return (
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
          control={<Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />}
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
  );
}
