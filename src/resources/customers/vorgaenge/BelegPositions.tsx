import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { formatDate, formatEuroCents } from '../../../i18n/format';
import { addCustomDescriptionToPosNr } from '../customers.endpoints';
import { InlineField } from '../page/InlineField';
import { vorgaengeKey, type Beleg, type Position } from './vorgangTypes';

const TYPES: Record<string, string> = {
  angebot: 'Angebot',
  auftragsbestaetigung: 'Auftragsbestätigung',
  rechnung: 'Rechnung',
  gutschrift: 'Gutschrift',
};
const quantity = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/**
 * A Beleg with its positions; each position's own text (for the simplified offer) is edited in place.
 * `refreshKey` is the query the page reads the Belege with (default: the customer's Vorgänge); `actions` sit
 * beside the Beleg's title (e.g. "Vereinfachtes Angebot"); `children` follow the positions (the Vorgang page
 * puts the Beleg's notes there).
 */
export function BelegPositions({
  beleg,
  customerId,
  refreshKey = vorgaengeKey(customerId),
  actions,
  children,
}: {
  beleg: Beleg;
  customerId: number;
  refreshKey?: readonly unknown[];
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const saveText = async (position: Position, text: string | null) => {
    try {
      await api.call(addCustomDescriptionToPosNr, {
        body: { customerId, positionId: position.id, version: position.version, customDescription: text },
      });
      return { ok: true } as const;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notify(message, { type: 'error' });
      return { ok: false, message, conflict: true } as const;
    } finally {
      await queryClient.invalidateQueries({ queryKey: refreshKey });
    }
  };
  return (
    <Box sx={{ mb: 2, overflowX: 'auto' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Typography variant="subtitle2">
          {TYPES[beleg.belegType] ?? beleg.belegType} {beleg.belegNumber} vom {formatDate(beleg.belegDate)},{' '}
          {formatEuroCents(beleg.netCents)} netto
        </Typography>
        {actions}
      </Box>
      {phone ? (
        // On a phone one block per position, the figures on a line of their own: as a table's columns Menge,
        // Einzelpreis and Gesamt lay beyond the screen's edge.
        <Box
          component="ul"
          aria-label={`Positionen ${beleg.belegNumber}`}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {beleg.positions.map((position) => (
            <Box component="li" key={position.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2">
                {position.posNr} · {position.articleNumber ? `${position.articleNumber} · ` : ''}
                {position.description}
              </Typography>
              <Typography variant="body2" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                <span>
                  {quantity.format(position.quantity)} {position.unit} ×{' '}
                  {formatEuroCents(position.unitPriceCents)}
                </span>
                <Box component="span" sx={{ ml: 'auto', fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatEuroCents(position.totalCents)}
                </Box>
              </Typography>
              <InlineField
                label="Eigener Text"
                value={position.customDescription}
                onSave={(text) => saveText(position, text)}
              />
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={`Positionen ${beleg.belegNumber}`}>
          <TableHead>
            <TableRow>
              <TableCell>PosNr</TableCell>
              <TableCell>Bezeichnung</TableCell>
              <TableCell align="right">Menge</TableCell>
              <TableCell align="right">Einzelpreis</TableCell>
              <TableCell align="right">Gesamt</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {beleg.positions.map((position) => (
              <TableRow key={position.id}>
                <TableCell>{position.posNr}</TableCell>
                <TableCell sx={{ minWidth: 240 }}>
                  <Typography variant="body2">
                    {position.articleNumber ? `${position.articleNumber} · ` : ''}
                    {position.description}
                  </Typography>
                  <InlineField
                    label="Eigener Text"
                    value={position.customDescription}
                    onSave={(text) => saveText(position, text)}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {quantity.format(position.quantity)} {position.unit}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuroCents(position.unitPriceCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuroCents(position.totalCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {children}
    </Box>
  );
}
