import { Box, Divider, Typography } from '@mui/material';
import { endpointKey } from '../../../api/endpoint';
import { useGetOne } from 'react-admin';
import { BelegPositions } from '../../customers/vorgaenge/BelegPositions';
import { SimplifiedOfferButton } from '../../offerPdf/SimplifiedOfferButton';
import { getVorgang } from '../vorgang.endpoints';
import type { VorgangDetail } from '../vorgangPageTypes';
import { BelegNotes } from './BelegNotes';

const TYPES: Record<string, string> = {
  angebot: 'Angebot',
  auftragsbestaetigung: 'Auftragsbestätigung',
  rechnung: 'Rechnung',
  gutschrift: 'Gutschrift',
};

/** Belege tab: each Beleg with its positions (own texts editable) and its notes. */
export function VorgangBelege({ vorgang }: { vorgang: VorgangDetail }) {
  // The offer's mail goes to the customer's address on record: the dialog needs the whole customer.
  const { data: customer } = useGetOne('kunden', { id: vorgang.customer.id });
  if (!vorgang.belege.length) {
    return (
      <Typography color="text.secondary">
        Noch keine Belege: eine Anfrage bekommt ihre Belege mit dem nächsten Datenabgleich aus dem ERP.
      </Typography>
    );
  }
  return (
    <Box>
      {vorgang.belege.map((beleg, index) => (
        <Box key={beleg.id}>
          {index > 0 && <Divider sx={{ my: 2 }} />}
          <BelegPositions
            beleg={beleg}
            customerId={vorgang.customer.id}
            refreshKey={endpointKey(getVorgang)}
            actions={
              customer && <SimplifiedOfferButton beleg={beleg} vorgangId={vorgang.id} customer={customer} />
            }
          >
            <BelegNotes
              beleg={beleg}
              name={`${TYPES[beleg.belegType] ?? beleg.belegType} ${beleg.belegNumber}`}
            />
          </BelegPositions>
        </Box>
      ))}
    </Box>
  );
}
