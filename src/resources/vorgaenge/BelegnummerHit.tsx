import { Alert, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { getVorgangByBelegnr } from './vorgangList.endpoints';

/** Looks like a whole Belegnummer (letters, digits, dashes; at least 6 characters). */
export const mayBeBelegnummer = (text: string) => /^[A-Za-z]{1,4}-[A-Za-z0-9-]{3,}$/.test(text.trim());

/** When the quick search holds a full Belegnummer: the Vorgang it belongs to, one click away. */
export function BelegnummerHit({ text }: { text: string }) {
  const belegnr = text.trim();
  const { data } = useEndpoint(
    getVorgangByBelegnr,
    { params: { belegnr } },
    { enabled: mayBeBelegnummer(belegnr), retry: false, staleTime: 60_000 },
  );
  if (!data || !mayBeBelegnummer(belegnr)) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 1 }}
      action={
        <Button component={Link} to={`/crm/vorgang/${data.id}`} size="small" variant="contained">
          Zum Vorgang
        </Button>
      }
    >
      Beleg {data.belegNumber} gehört zu Vorgang {data.vorgangNumber}.
    </Alert>
  );
}
