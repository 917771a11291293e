import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useEndpointClient } from '../../../api/useEndpoint';
import { formatEuroCents } from '../../../i18n/format';
import { ColorChip } from '../../generic/ColorChip';
import type { CustomerTabProps } from '../CustomerShow';
import { getVorgaengeForCustomer } from '../customers.endpoints';
import { SimplifiedOfferButton } from '../../offerPdf/SimplifiedOfferButton';
import { LazyNewVorgangDialog, preloadNewVorgangDialog } from '../../vorgaenge/LazyNewVorgangDialog';
import { BelegPositions } from './BelegPositions';
import { EndCustomerDialog } from './EndCustomerDialog';
import { vorgaengeKey, type CustomerVorgang } from './vorgangTypes';

/** Vorgänge tab: each Vorgang with status and volume; opened, its Endkunde and Belege with their positions. */
export default function CustomerVorgaenge({ customer }: CustomerTabProps) {
  const api = useEndpointClient();
  const [endCustomerFor, setEndCustomerFor] = useState<CustomerVorgang | null>(null);
  const [creating, setCreating] = useState(false);
  const newVorgang = (
    <>
      <Button
        size="small"
        variant="outlined"
        onPointerEnter={preloadNewVorgangDialog}
        onFocus={preloadNewVorgangDialog}
        onClick={() => setCreating(true)}
        sx={{ mb: 1 }}
      >
        Neuer Vorgang
      </Button>
      {creating && (
        <LazyNewVorgangDialog customerId={Number(customer.id)} onClose={() => setCreating(false)} />
      )}
    </>
  );
  const { data, error, isPending } = useQuery({
    queryKey: vorgaengeKey(customer.id),
    queryFn: () => api.call(getVorgaengeForCustomer, { params: { id: Number(customer.id) } }),
  });
  if (isPending) return <CircularProgress />;
  if (error) return <Alert severity="error">Die Vorgänge konnten nicht geladen werden.</Alert>;
  if (!data.length)
    return (
      <Box>
        {newVorgang}
        <Typography color="text.secondary">Dieser Kunde hat noch keine Vorgänge.</Typography>
      </Box>
    );
  return (
    <Box>
      {newVorgang}
      {data.map((vorgang) => (
        <Accordion key={vorgang.id} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', width: '100%' }}>
              <Typography sx={{ fontWeight: 600 }}>{vorgang.vorgangNumber}</Typography>
              <Typography sx={{ flex: 1, minWidth: 160 }}>{vorgang.title}</Typography>
              <Chip size="small" label={vorgang.systemStatus} />
              {vorgang.customStatus && (
                <ColorChip name={vorgang.customStatus} color={vorgang.customStatusColor ?? '#607d8b'} />
              )}
              <Typography sx={{ minWidth: 110, textAlign: 'right' }}>
                {formatEuroCents(vorgang.netTotalCents)}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
              <Typography variant="body2">Verkäufer: {vorgang.seller ?? '–'}</Typography>
              <Typography variant="body2">
                Endkunde:{' '}
                {vorgang.endCustomer
                  ? [vorgang.endCustomer.name, vorgang.endCustomer.city].filter(Boolean).join(', ')
                  : '–'}
              </Typography>
              <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setEndCustomerFor(vorgang)}>
                {vorgang.endCustomer ? 'Anderen Endkunden eintragen' : 'Endkunde hinzufügen'}
              </Button>
              <Button size="small" component={Link} to={`/crm/vorgang/${vorgang.id}`}>
                Zum Vorgang
              </Button>
            </Box>
            {vorgang.belege.length === 0 && <Typography variant="body2">Noch keine Belege.</Typography>}
            {vorgang.belege.map((beleg) => (
              <BelegPositions
                key={beleg.id}
                beleg={beleg}
                customerId={customer.id as number}
                actions={<SimplifiedOfferButton beleg={beleg} vorgangId={vorgang.id} customer={customer} />}
              />
            ))}
          </AccordionDetails>
        </Accordion>
      ))}
      {endCustomerFor && (
        <EndCustomerDialog
          customerId={customer.id as number}
          vorgang={endCustomerFor}
          onClose={() => setEndCustomerFor(null)}
        />
      )}
    </Box>
  );
}
