import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { callPublicEndpoint, PublicCallError } from '../api/callPublicEndpoint';
import { useClientConfig } from '../config/ClientConfigContext';
import { PublicCard } from '../layout/PublicCard';
import { COMMENT_MAX } from '../resources/nps/nps.rules';
import { ScoreButtons } from '../resources/nps/ScoreButtons';
import { answerSurvey, getSurvey } from '../resources/nps/survey.endpoints';

type State =
  | { step: 'loading' }
  | { step: 'invalid'; message: string }
  | { step: 'open'; addressee: string | null; company: string | null }
  | { step: 'thanks'; company: string | null };

const UNREACHABLE = 'Die Umfrage ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.';

/**
 * The public survey page /umfrage/<token> (no sign-in): the customer gives 0-10 and a comment once. It greets
 * in Sie-form as the mail does ("Guten Tag, Frau Schwandke!"), shows nothing else about the customer, and calls
 * only the two public survey endpoints.
 */
export default function SurveyPage() {
  const { token = '' } = useParams();
  const { ui } = useClientConfig();
  const [state, setState] = useState<State>({ step: 'loading' });
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const params = { token };

  useEffect(() => {
    document.title = 'Ihre Meinung zählt';
    callPublicEndpoint(ui.apiBaseUrl, getSurvey, { params })
      .then((survey) => setState({ step: 'open', addressee: survey.addressee, company: survey.company }))
      .catch((error: unknown) =>
        setState({
          step: 'invalid',
          message: (error instanceof PublicCallError && error.message) || UNREACHABLE,
        }),
      );
    // The token is the page's identity; it does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const send = async () => {
    if (state.step !== 'open') return;
    if (score === null) {
      setErrors({ score: 'Bitte wählen Sie eine Bewertung von 0 bis 10.' });
      return;
    }
    setSending(true);
    try {
      await callPublicEndpoint(ui.apiBaseUrl, answerSurvey, { params, body: { score, comment } });
      setState({ step: 'thanks', company: state.company });
    } catch (error) {
      const refusal = error instanceof PublicCallError ? error : new PublicCallError(0, '');
      if (refusal.status === 0) setErrors({ form: UNREACHABLE });
      else if (refusal.status === 400) setErrors({ ...refusal.fields });
      else setState({ step: 'invalid', message: refusal.message || UNREACHABLE });
    } finally {
      setSending(false);
    }
  };

  const company = state.step === 'open' || state.step === 'thanks' ? state.company : null;
  // The tenant's theme (its colour on the button, not MUI's blue) and its logo, as on the sign-in page.
  return (
    <PublicCard company={company} topic="Kundenumfrage">
      {state.step === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Die Umfrage wird geladen" />
        </Box>
      )}
      {state.step === 'invalid' && (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            Umfrage nicht verfügbar
          </Typography>
          <Alert severity="info">{state.message}</Alert>
        </>
      )}
      {state.step === 'thanks' && (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            Vielen Dank!
          </Typography>
          <Typography>Ihre Antwort ist angekommen. Sie hilft uns, noch besser zu werden.</Typography>
        </>
      )}
      {state.step === 'open' && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Typography variant="h5" component="h1" gutterBottom>
            {state.addressee ? `Guten Tag, ${state.addressee}!` : 'Guten Tag!'}
          </Typography>
          <Typography sx={{ mb: 3 }}>
            Danke, dass Sie sich eine Minute Zeit nehmen. Ihre Antwort geht direkt an unser Team.
          </Typography>
          <Typography
            id="survey-question"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, mb: 1.5 }}
          >
            Wie wahrscheinlich ist es, dass Sie uns einem Freund oder Kollegen empfehlen?
          </Typography>
          <ScoreButtons
            value={score}
            onChange={(value) => {
              setScore(value);
              setErrors((current) => ({ ...current, score: '' }));
            }}
            labelId="survey-question"
            error={errors.score || undefined}
          />
          <Typography
            component="label"
            htmlFor="survey-comment"
            variant="subtitle1"
            sx={{ display: 'block', fontWeight: 600, mt: 3, mb: 1 }}
          >
            Was ist der wichtigste Grund für Ihre Bewertung? (freiwillig)
          </Typography>
          <TextField
            id="survey-comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            multiline
            minRows={4}
            fullWidth
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
            error={Boolean(errors.comment)}
            helperText={
              errors.comment || `${comment.length} / ${COMMENT_MAX.toLocaleString('de-DE')} Zeichen`
            }
          />
          {errors.form && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.form}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={sending}
            sx={{ mt: 3, width: { xs: '100%', sm: 'auto' } }}
          >
            {sending ? 'Wird gesendet …' : 'Antwort senden'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Der Link gilt für eine Antwort. Wir verwenden sie nur, um unseren Service zu verbessern.
          </Typography>
        </Box>
      )}
    </PublicCard>
  );
}
