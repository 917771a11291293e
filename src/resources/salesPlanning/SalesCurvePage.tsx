import {
  Alert,
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, Loading, useNotify } from 'react-admin';
import { endpointKey, type ResultOf } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { getSalesCurve, getSalesCurveForUser, putSalesCurve } from './salesCurve.endpoints';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { MONTHS, parseShareText, salesCurveProblems } from './salesCurve.rules';
import { AreaPage } from '../../layout/AreaPage';
import { SellerCurve } from './SellerCurve';

type SalesCurve = ResultOf<typeof getSalesCurve>;

const KEY = endpointKey(getSalesCurve, {});
const toText = (share: number) => share.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/** Admin-Verkauf → Verkaufskurve: the monthly shares of the yearly target, and the curve per seller. */
export default function SalesCurvePage() {
  return (
    <AreaPage area="admin-verkauf" title="Verkaufskurve">
      <Stack spacing={2} sx={{ mt: 2, maxWidth: 1100 }}>
        <CurveEditor />
        <SellerCurve />
      </Stack>
    </AreaPage>
  );
}

function CurveEditor() {
  const { data, error } = useEndpoint(getSalesCurve, {});
  if (error) return <Alert severity="error">Die Verkaufskurve konnte nicht geladen werden.</Alert>;
  if (!data) return <Loading />;
  // A new key after saving: the inputs start again from what the server has.
  return <CurveForm key={data.version} curve={data} />;
}

function CurveForm({ curve }: { curve: SalesCurve }) {
  const formatDateTime = useCompanyDateTime();
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [texts, setTexts] = useState(() => curve.shares.map(toText));
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const shares = texts.map(parseShareText);
  const problems = { ...salesCurveProblems(shares), ...serverProblems };
  const sum = shares.reduce((s, v) => s + (Number.isFinite(v) ? v : 0), 0);
  const dirty = texts.some((text, i) => parseShareText(text) !== curve.shares[i]);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await api.call(putSalesCurve, { body: { shares, version: curve.version } });
      queryClient.setQueryData(KEY, saved);
      void queryClient.invalidateQueries({ queryKey: endpointKey(getSalesCurveForUser) });
      notify('Die Verkaufskurve wurde gespeichert.', { type: 'success' });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
      if (failure instanceof HttpError) {
        setServerProblems((failure.body as { errors?: Record<string, string> })?.errors ?? {});
        if (failure.status === 409) void queryClient.invalidateQueries({ queryKey: KEY });
      }
    } finally {
      setSaving(false);
    }
  };

  const chart = MONTHS.map((month, i) => ({ month, anteil: Number.isFinite(shares[i]) ? shares[i] : 0 }));
  return (
    <Card variant="outlined" component="section" aria-label="Monatsanteile">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Monatsanteile am Jahresziel
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Wie viel Prozent des Jahresziels in welchem Monat erwartet wird (Saison). Zusammen 100 %.
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Table size="small" aria-label="Monatsanteile in Prozent">
              <TableHead>
                <TableRow>
                  <TableCell>Monat</TableCell>
                  <TableCell align="right">Anteil (%)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {MONTHS.map((month, i) => (
                  <TableRow key={month}>
                    <TableCell>{month}</TableCell>
                    <TableCell align="right">
                      <TextField
                        size="small"
                        value={texts[i]}
                        onChange={(event) => {
                          setServerProblems({});
                          setTexts((current) => current.map((t, j) => (j === i ? event.target.value : t)));
                        }}
                        error={Boolean(problems[`m${i + 1}`])}
                        helperText={problems[`m${i + 1}`]}
                        slotProps={{
                          htmlInput: {
                            'aria-label': `Anteil ${month}`,
                            inputMode: 'decimal',
                            style: { textAlign: 'right' },
                          },
                        }}
                        sx={{ width: 110 }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>Summe</TableCell>
                  <TableCell
                    align="right"
                    sx={{ fontWeight: 600, color: problems.shares ? 'error.main' : 'success.main' }}
                  >
                    {toText(Math.round(sum * 100) / 100)} %
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <ResponsiveContainer width="100%" height={360}>
              <BarChart data={chart} margin={{ top: 8, right: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" />
                <YAxis unit=" %" />
                <Tooltip formatter={(value) => [`${toText(Number(value))} %`, 'Anteil']} />
                <Bar dataKey="anteil" name="Anteil" fill="#f57c00" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Grid>
        </Grid>
        {problems.shares && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {problems.shares}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={saving || !dirty || Object.keys(problems).length > 0}
          >
            Speichern
          </Button>
          {curve.updatedAt && (
            <Typography variant="body2" color="text.secondary">
              Zuletzt gespeichert {formatDateTime(curve.updatedAt)}
              {curve.updatedBy ? ` von ${curve.updatedBy}` : ''}.
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
