import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEndpoint } from '../../../api/useEndpoint';
import { formatDate, formatEuroCents } from '../../../i18n/format';
import { caluclatePlanDBForVorgang } from '../vorgang.endpoints';

const percent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const quantity = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: strong ? 700 : undefined }}>{value}</Typography>
    </Box>
  );
}

/** The Plan-DB of the current offer and how it was computed: revenue, cost, margin, %, positions without cost. */
export function PlanDbCard({ vorgangId }: { vorgangId: number }) {
  const { data: plan, error } = useEndpoint(caluclatePlanDBForVorgang, { params: { id: vorgangId } });
  return (
    <Card aria-label="Plan-DB">
      <CardContent>
        <Typography variant="h6" component="h2">
          Plan-DB
        </Typography>
        {error && <Alert severity="error">Der Plan-DB konnte nicht berechnet werden.</Alert>}
        {plan && !plan.beleg && (
          <Typography color="text.secondary">
            Noch kein Angebot: der Plan-DB folgt mit dem ersten Angebot.
          </Typography>
        )}
        {plan?.beleg && (
          <>
            <Typography variant="body2" color="text.secondary">
              Aus Angebot {plan.beleg.belegNumber} vom {formatDate(plan.beleg.belegDate)}: Umsatz der
              Positionen minus Menge × Einkaufskosten des Artikels.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, my: 1.5 }}>
              <Figure label="Umsatz" value={formatEuroCents(plan.revenueCents)} />
              <Figure label="Kosten" value={formatEuroCents(plan.costCents)} />
              <Figure label="Deckungsbeitrag" value={formatEuroCents(plan.marginCents)} strong />
              <Figure
                label="DB in %"
                value={plan.marginPercent === null ? '–' : `${percent.format(plan.marginPercent)} %`}
                strong
              />
            </Box>
            {plan.withoutCost.length > 0 && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                Ohne Kosten (zählen voll als Deckungsbeitrag):{' '}
                {plan.withoutCost.map((p) => `Pos. ${p.posNr} ${p.description}`).join(', ')}
              </Alert>
            )}
            <Accordion disableGutters variant="outlined">
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>Berechnung je Position</AccordionSummary>
              <AccordionDetails sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Plan-DB je Position">
                  <TableHead>
                    <TableRow>
                      <TableCell>PosNr</TableCell>
                      <TableCell>Bezeichnung</TableCell>
                      <TableCell align="right">Menge</TableCell>
                      <TableCell align="right">Umsatz</TableCell>
                      <TableCell align="right">Kosten</TableCell>
                      <TableCell align="right">DB</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {plan.positions.map((p) => (
                      <TableRow key={p.posNr}>
                        <TableCell>{p.posNr}</TableCell>
                        <TableCell sx={{ minWidth: 160 }}>{p.description}</TableCell>
                        <TableCell align="right">{quantity.format(p.quantity)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatEuroCents(p.totalCents)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {p.costCents === null ? 'keine' : formatEuroCents(p.costCents)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatEuroCents(p.totalCents - (p.costCents ?? 0))}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </AccordionDetails>
            </Accordion>
          </>
        )}
      </CardContent>
    </Card>
  );
}
