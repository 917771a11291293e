import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useBreadcrumbLabel } from '../../layout/BreadcrumbContext';
import {
  MERGE_FIELDS,
  getMergePreview,
  mergeCustomers,
  type MergeField,
  type MergeSide,
} from './duplicates.endpoints';

type Side = 'customer' | 'other';
const otherSide = (side: Side): Side => (side === 'customer' ? 'other' : 'customer');

// What belongs to a customer, in the singular and the plural ("1 Vorgang", "2 Vorgänge").
const RELATED: readonly [keyof MergeSide['related'], string, string][] = [
  ['vorgaenge', 'Vorgang', 'Vorgänge'],
  ['belege', 'Beleg', 'Belege'],
  ['activities', 'Aktivität', 'Aktivitäten'],
  ['notes', 'Notiz', 'Notizen'],
  ['files', 'Datei', 'Dateien'],
  ['labels', 'Label', 'Labels'],
  ['npsAnswers', 'NPS-Antwort', 'NPS-Antworten'],
  ['mails', 'E-Mail', 'E-Mails'],
];

/** Which customer stays by default: the one the ERP knows, else the one with more Vorgänge. */
function defaultSurvivor(customer: MergeSide, other: MergeSide): Side {
  if (customer.customerNumber && !other.customerNumber) return 'customer';
  if (other.customerNumber && !customer.customerNumber) return 'other';
  return other.related.vorgaenge > customer.related.vorgaenge ? 'other' : 'customer';
}

/** One of the two customers as a choice of which stays: name, number, what belongs to it. */
function SideCard({ side, label, chosen }: { side: MergeSide; label: string; chosen: boolean }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, borderColor: chosen ? 'primary.main' : undefined }}>
      <CardContent>
        <FormControlLabel
          value={label}
          control={<Radio />}
          label={<Typography sx={{ fontWeight: 500 }}>{side.displayName}</Typography>}
        />
        <Typography variant="body2" color="text.secondary">
          {side.customerNumber ? `Kundennummer ${side.customerNumber}` : 'ohne ERP-Kundennummer'}
          {chosen ? ' · bleibt' : ' · wird übernommen und entfernt'}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {RELATED.filter(([key]) => side.related[key] > 0)
            .map(([key, one, many]) => `${side.related[key]} ${side.related[key] === 1 ? one : many}`)
            .join(', ') || 'keine Vorgänge, Aktivitäten oder Dateien'}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * Zusammenführen: both customers side by side. The person picks which customer stays and, for each field the
 * two fill differently, whose value; the merge then moves everything of the other customer over.
 */
export default function MergePage() {
  const { id, otherId } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useEndpointClient();
  const { key: idempotencyKey } = useIdempotencyKey();
  const { data, isPending, error } = useEndpoint(getMergePreview, {
    params: { id: Number(id), otherId: Number(otherId) },
  });
  useBreadcrumbLabel(
    data
      ? `${data.customer.displayName ?? `Kunde ${id}`} und ${data.other.displayName ?? `Kunde ${otherId}`} zusammenführen`
      : 'Zusammenführen',
  );
  const [survivor, setSurvivor] = useState<Side | null>(null);
  const [choices, setChoices] = useState<Partial<Record<MergeField, Side>>>({});
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (isPending) return <LinearProgress aria-label="Wird geladen" />;
  if (error || !data) return <Alert severity="error">{error?.message ?? 'Nicht gefunden.'}</Alert>;

  const keep = survivor ?? defaultSurvivor(data.customer, data.other);
  const sides = { customer: data.customer, other: data.other };
  const differing = MERGE_FIELDS.filter(
    ({ source }) => (data.customer.values[source] ?? null) !== (data.other.values[source] ?? null),
  );
  // A field takes the surviving customer's value unless it is empty there or the person chose the other.
  const choiceOf = (field: MergeField): Side =>
    choices[field] ?? (sides[keep].values[field] === null ? otherSide(keep) : keep);
  const take = differing.map(({ source }) => source).filter((field) => choiceOf(field) !== keep);

  const merge = async () => {
    setRunning(true);
    setFailure(null);
    try {
      const merged = sides[otherSide(keep)];
      await client.call(mergeCustomers, {
        body: {
          keepId: sides[keep].id,
          keepVersion: sides[keep].version,
          mergeId: merged.id,
          mergeVersion: merged.version,
          take,
        },
        idempotencyKey,
      });
      notify(`Zusammengeführt: „${merged.displayName ?? ''}“ ist jetzt Teil dieses Kunden.`, {
        type: 'success',
      });
      navigate(`/crm/kunden/${sides[keep].id}/show`);
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Die Zusammenführung ist fehlgeschlagen.');
      setConfirming(false);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Title title="Kunden zusammenführen" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Kunden zusammenführen
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip size="small" color="warning" label={`${data.score} % Übereinstimmung`} />
        {data.reasons.map((reason) => (
          <Chip key={reason} size="small" variant="outlined" label={reason} />
        ))}
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failure}
        </Alert>
      )}
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Welcher Kunde bleibt?
      </Typography>
      <RadioGroup value={keep} onChange={(event) => setSurvivor(event.target.value as Side)}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
          <SideCard side={data.customer} label="customer" chosen={keep === 'customer'} />
          <SideCard side={data.other} label="other" chosen={keep === 'other'} />
        </Stack>
      </RadioGroup>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Welche Werte bleiben?
      </Typography>
      {differing.length === 0 && (
        <Alert severity="info">Beide Kunden haben in allen Feldern dieselben Werte.</Alert>
      )}
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        {differing.map(({ source, label }) => (
          <Box
            key={source}
            role="radiogroup"
            aria-label={label}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '160px 1fr 1fr' },
              gap: { xs: 0, sm: 2 },
              alignItems: 'center',
              borderBottom: 1,
              borderColor: 'divider',
              pb: 1,
            }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
              {label}
            </Typography>
            {(['customer', 'other'] as const).map((side) => (
              <FormControlLabel
                key={side}
                checked={choiceOf(source) === side}
                onChange={() => setChoices((current) => ({ ...current, [source]: side }))}
                control={<Radio />}
                label={sides[side].shown[source] ?? '(leer)'}
                sx={{ minHeight: 44, mr: 0, overflowWrap: 'anywhere' }}
              />
            ))}
          </Box>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1}>
        <Button component={Link} to="/crm/admin-verkauf/dubletten" sx={{ minHeight: 44 }}>
          Zurück zur Liste
        </Button>
        <Button variant="contained" onClick={() => setConfirming(true)} sx={{ minHeight: 44 }}>
          Zusammenführen
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={running ? undefined : () => setConfirming(false)}>
        <DialogTitle>Kunden zusammenführen?</DialogTitle>
        <DialogContent>
          „{sides[otherSide(keep)].displayName}“ geht in „{sides[keep].displayName}“ auf und wird entfernt.
          Das lässt sich nicht rückgängig machen.
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={running}>
            Abbrechen
          </Button>
          <Button variant="contained" onClick={() => void merge()} disabled={running}>
            Jetzt zusammenführen
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
