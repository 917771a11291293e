import {
  Alert,
  Card,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading } from 'react-admin';
import { useEndpoint } from '../../api/useEndpoint';
import { getSalesTargetData } from './salesTargets.endpoints';
import { formatEuroCents } from '../../i18n/format';
import { TargetCharts, targetName } from './TargetCharts';
import { AreaPage } from '../../layout/AreaPage';
import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** Admin-Verkauf → Soll/Ist: every target of a year against invoiced revenue, as a table and a chart. */
export default function TargetVsActualPage() {
  return (
    <AreaPage area="admin-verkauf" title="Soll/Ist">
      <TargetVsActual />
    </AreaPage>
  );
}

function TargetVsActual() {
  // The company's year, as the server counts Soll bis heute (not the browser's clock and zone).
  const thisYear = Number(companyToday(useCompanyZone()).slice(0, 4));
  const YEARS = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2];
  const [year, setYear] = useState(thisYear);
  const { data, error } = useEndpoint(
    getSalesTargetData,
    { query: { year } },
    { placeholderData: keepPreviousData },
  );
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 1100 }}>
      <TextField
        select
        label="Jahr"
        size="small"
        value={year}
        onChange={(event) => setYear(Number(event.target.value))}
        sx={{ width: 140 }}
      >
        {YEARS.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      {error && <Alert severity="error">Soll/Ist konnte nicht geladen werden.</Alert>}
      {!data && !error && <Loading />}
      {data?.length === 0 && (
        <Alert severity="info">
          Für {year} gibt es keine Verkaufsziele. Legen Sie sie unter „Verkaufsziele“ an.
        </Alert>
      )}
      {data && data.length > 0 && (
        <>
          <TargetCharts rows={data} year={year} />
          <Card variant="outlined">
            <Table size="small" aria-label={`Soll/Ist ${year}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Ziel für</TableCell>
                  <TableCell>Produktgruppe</TableCell>
                  <TableCell align="right">Ziel</TableCell>
                  <TableCell align="right">Soll bis heute</TableCell>
                  <TableCell align="right">Ist</TableCell>
                  <TableCell sx={{ width: 200 }}>Erreicht</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((row) => {
                  const reached = percentOf(row.actualCents, row.targetCents);
                  const onTrack = row.actualCents >= row.expectedToDateCents;
                  return (
                    <TableRow key={row.id}>
                      <TableCell>{row.owner}</TableCell>
                      <TableCell>{row.productGroup ?? 'Gesamt'}</TableCell>
                      <TableCell align="right">{formatEuroCents(row.targetCents)}</TableCell>
                      <TableCell align="right">{formatEuroCents(row.expectedToDateCents)}</TableCell>
                      <TableCell align="right" sx={{ color: onTrack ? 'success.main' : 'error.main' }}>
                        {formatEuroCents(row.actualCents)}
                      </TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <LinearProgress
                            variant="determinate"
                            value={Math.min(100, Math.max(0, reached))}
                            color={onTrack ? 'success' : 'warning'}
                            sx={{ flex: 1, height: 8, borderRadius: 1 }}
                            aria-label={`${targetName(row)}: ${reached} % erreicht`}
                          />
                          <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'right' }}>
                            {reached} %
                          </Typography>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Card>
          <Typography variant="body2" color="text.secondary">
            Ist = Rechnungen abzüglich Gutschriften der Vorgänge dieses Verkäufers bzw. dieser Filiale im Jahr
            (je Produktgruppe über den Mapping-Cache). „Soll bis heute“ verteilt das Ziel nach der
            Verkaufskurve.
          </Typography>
        </>
      )}
    </Stack>
  );
}
