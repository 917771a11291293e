import { Box } from '@mui/material';
import { formatEuroCents } from '../../i18n/format';
import { listValue, type VorgangListRow } from './vorgangListTypes';

/** A Vorgang's value in the list: the Summe netto, for an Anfrage the seller's estimate marked "geschätzt". */
export function VorgangValue({ row }: { row: VorgangListRow }) {
  const { cents, estimated } = listValue(row);
  if (cents === null) return <>–</>;
  return (
    <>
      {formatEuroCents(cents)}
      {estimated && ' '}
      {estimated && (
        <Box
          component="span"
          title="Noch kein Beleg: vom Verkäufer geschätzter Wert"
          sx={{ fontSize: 12, fontWeight: 400, color: 'text.secondary' }}
        >
          geschätzt
        </Box>
      )}
    </>
  );
}
