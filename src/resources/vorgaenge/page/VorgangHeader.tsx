import ThumbDownIcon from '@mui/icons-material/ThumbDownOffAlt';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useEndpointClient } from '../../../api/useEndpoint';
import { useOnline } from '../../../offline/online';
import { formatCompanyDateTime } from '../../../config/companyTime';
import { formatDate, formatEuroCents } from '../../../i18n/format';
import { phoneTapTarget } from '../../kit/phoneTapTarget';
import { setLostForVorgang } from '../vorgang.endpoints';
import type { VorgangDetail } from '../vorgangPageTypes';
import { CustomStatusSelect } from './CustomStatusSelect';
import { SellerSelect } from './SellerSelect';
import { useCompanyZone } from '../../../config/useCompanyZone';
import { useVorgangChange } from './useVorgangChange';
import { VorgangLabels } from './VorgangLabels';

const LostDialog = lazy(() => import('./LostDialog'));
const ExpectedValueDialog = lazy(() => import('./ExpectedValueDialog'));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 130 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** Number, Bezeichnung, customer and the facts of a Vorgang; Eigener Status, labels and Verloren in place. */
export function VorgangHeader({ vorgang }: { vorgang: VorgangDetail }) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const zone = useCompanyZone();
  // These changes are not queued on the device: offline they wait for a connection, said once at the buttons.
  const offline = !useOnline();
  const [losing, setLosing] = useState(false);
  const [estimating, setEstimating] = useState(false);
  // Until the ERP sends a Beleg the seller's estimate is the Vorgang's value (pipeline.rules.ts).
  const estimated = vorgang.systemStatus === 'anfrage' && vorgang.belege.length === 0;
  const open = vorgang.systemStatus === 'anfrage' || vorgang.systemStatus === 'angebot';
  const lost = vorgang.systemStatus === 'verloren';
  const reopen = () =>
    change(
      () =>
        api.call(setLostForVorgang, {
          body: { vorgangId: vorgang.id, version: vorgang.version, lostReason: null },
        }),
      `${vorgang.vorgangNumber} ist wieder offen.`,
    );
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {vorgang.vorgangNumber} · {vorgang.title}
            </Typography>
            <Typography color="text.secondary">
              Kunde:{' '}
              <MuiLink component={Link} to={`/crm/kunden/${vorgang.customer.id}/show`} sx={phoneTapTarget}>
                {vorgang.customer.name}
              </MuiLink>
              {vorgang.endCustomer &&
                ` · Endkunde: ${[vorgang.endCustomer.name, vorgang.endCustomer.city].filter(Boolean).join(', ')}`}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} useFlexGap>
            <CustomStatusSelect vorgang={vorgang} disabled={offline} />
            {lost ? (
              <Button
                variant="outlined"
                startIcon={<UndoIcon />}
                disabled={offline}
                onClick={() => void reopen()}
              >
                Zurückholen
              </Button>
            ) : (
              <Button
                variant="outlined"
                color="error"
                startIcon={<ThumbDownIcon />}
                disabled={offline}
                onClick={() => setLosing(true)}
              >
                Verloren
              </Button>
            )}
          </Stack>
        </Box>
        {offline && (
          <Typography variant="body2" color="text.secondary" role="note" sx={{ mt: 1 }}>
            Ohne Verbindung: Eigener Status, Verloren, Verkäufer und Schätzung brauchen Verbindung.
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(auto-fill, minmax(160px, 1fr))',
            },
            gap: 2,
            mt: 2,
          }}
        >
          <Fact label="Status">
            <Chip
              size="small"
              label={vorgang.systemStatusName}
              color={lost ? 'error' : vorgang.systemStatus === 'anfrage' ? 'default' : 'primary'}
              variant={lost ? 'filled' : 'outlined'}
            />
            {lost && vorgang.lostReason && (
              <Typography variant="body2" color="error">
                Grund: {vorgang.lostReason}
              </Typography>
            )}
          </Fact>
          <Fact label={estimated ? 'Wert (geschätzt)' : 'Summe netto'}>
            {estimated
              ? vorgang.expectedValueCents === null
                ? '–'
                : `${formatEuroCents(vorgang.expectedValueCents)} (geschätzt)`
              : formatEuroCents(vorgang.netTotalCents)}
            {!estimated && vorgang.expectedValueCents !== null && (
              <Typography variant="body2" color="text.secondary">
                geschätzt: {formatEuroCents(vorgang.expectedValueCents)}
              </Typography>
            )}
          </Fact>
          <Fact label="Plan-DB">
            {vorgang.planDbCents === null ? '–' : formatEuroCents(vorgang.planDbCents)}
          </Fact>
          <Fact label="Erwarteter Auftrag">
            {vorgang.expectedOrderDate ? formatDate(vorgang.expectedOrderDate) : '–'}
            {open && (
              <Box>
                <MuiLink
                  component="button"
                  type="button"
                  variant="body2"
                  disabled={offline}
                  onClick={() => setEstimating(true)}
                  sx={offline ? { color: 'text.disabled', cursor: 'default' } : undefined}
                >
                  Schätzung bearbeiten
                </MuiLink>
              </Box>
            )}
          </Fact>
          <Fact label="Verkäufer">
            <SellerSelect vorgang={vorgang} disabled={offline} />
          </Fact>
          <Fact label="Filiale">{vorgang.branch ?? '–'}</Fact>
          <Fact label="Herkunft">{vorgang.origin ?? '–'}</Fact>
          <Fact label="Letzte Aktivität">
            {vorgang.lastActivityAt ? formatCompanyDateTime(vorgang.lastActivityAt, zone) : '–'}
          </Fact>
        </Box>
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
            Labels
          </Typography>
          <VorgangLabels vorgang={vorgang} />
        </Box>
      </CardContent>
      {estimating && (
        <Suspense fallback={null}>
          <ExpectedValueDialog vorgang={vorgang} onClose={() => setEstimating(false)} />
        </Suspense>
      )}
      {losing && (
        <Suspense fallback={null}>
          <LostDialog vorgang={vorgang} onClose={() => setLosing(false)} />
        </Suspense>
      )}
    </Card>
  );
}
