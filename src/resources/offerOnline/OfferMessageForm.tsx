import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { callPublicEndpoint } from '../../api/callPublicEndpoint';
import { MESSAGE_MAX } from './offerOnline.rules';
import { askAboutOffer, declineOffer } from './publicOffer.endpoints';
import type { OfferFormProps } from './publicOfferAnswer';

/** A question about the offer (`rueckfrage`) or declining it with an optional reason (`ablehnen`). */
export function OfferMessageForm({
  kind,
  token,
  errors,
  busy,
  attempt,
  onAnswered,
}: Omit<OfferFormProps, 'offer'> & { kind: 'rueckfrage' | 'ablehnen' }) {
  const [message, setMessage] = useState('');
  const asking = kind === 'rueckfrage';

  const send = async () => {
    const params = { token };
    const sent = await attempt((base) =>
      asking
        ? callPublicEndpoint(base, askAboutOffer, { params, body: { message } })
        : callPublicEndpoint(base, declineOffer, { params, body: { reason: message } }),
    );
    if (!sent) return;
    onAnswered(
      asking
        ? {
            title: 'Ihre Rückfrage ist angekommen',
            text: 'Ihr Ansprechpartner meldet sich bei Ihnen. Der Link zum Angebot bleibt gültig.',
          }
        : {
            title: 'Schade – Ihre Absage ist angekommen',
            text: 'Danke für Ihre Rückmeldung. Wenn Sie es sich anders überlegen, melden Sie sich gerne bei uns.',
          },
    );
  };

  return (
    <Stack component="section" aria-label={asking ? 'Rückfrage stellen' : 'Ablehnen'} spacing={2}>
      <TextField
        label={asking ? 'Ihre Frage' : 'Grund (freiwillig)'}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        minRows={4}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        error={Boolean(errors.message ?? errors.reason)}
        helperText={errors.message ?? errors.reason}
        fullWidth
      />
      <Button variant="contained" onClick={() => void send()} disabled={busy}>
        {asking ? 'Frage senden' : 'Angebot ablehnen'}
      </Button>
    </Stack>
  );
}
