import HistoryIcon from '@mui/icons-material/ManageHistory';
import { Box, IconButton, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useEndpoint } from '../../../api/useEndpoint';
import { formatDate } from '../../../i18n/format';
import { useCompanyZone } from '../../../config/useCompanyZone';
import { formatCompanyDate } from '../../../config/companyTime';
import { getCustomerConsent, type ConsentEntry } from '../../consent/consent.endpoints';
import { consentSourceName } from '../../consent/consent.rules';

const ConsentDialog = lazy(() => import('./ConsentDialog'));

/** "am 12.03.2026, schriftlich": when and how a record says it happened (`short`: the header's few words). */
export function consentWhen(entry: ConsentEntry, zone: string, form: 'name' | 'short' = 'short'): string {
  const day = entry.givenOn ? formatDate(entry.givenOn) : formatCompanyDate(entry.recordedAt, zone);
  return `${entry.givenOn ? 'am' : 'erfasst am'} ${day}, ${consentSourceName(entry.source, form)}`;
}

/**
 * The customer's consent to advertising by e-mail in the header: given or not, since when and how; the button
 * opens its history and records a grant or withdrawal. Without the record (offline) the customer's own state.
 */
export function ConsentField({ customer }: { customer: RaRecord }) {
  const zone = useCompanyZone();
  const [open, setOpen] = useState(false);
  const { data } = useEndpoint(getCustomerConsent, { params: { id: Number(customer.id) } });
  const granted = data?.granted ?? Boolean(customer.newsletterConsent);
  const latest = data?.history[0];
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="div" id="consent-label">
        Werbung per E-Mail
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography component="div" aria-labelledby="consent-label">
          {granted ? 'Einwilligung erteilt' : latest ? 'Widerrufen' : 'Keine Einwilligung'}
          {latest && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {consentWhen(latest, zone)}
            </Typography>
          )}
        </Typography>
        <IconButton
          size="small"
          aria-label="Einwilligung und Verlauf"
          onClick={() => setOpen(true)}
          sx={{ width: { xs: 44, sm: 'auto' }, height: { xs: 44, sm: 'auto' } }}
        >
          <HistoryIcon fontSize="inherit" />
        </IconButton>
      </Box>
      <Suspense fallback={null}>
        {open && <ConsentDialog customer={customer} onClose={() => setOpen(false)} />}
      </Suspense>
    </Box>
  );
}
