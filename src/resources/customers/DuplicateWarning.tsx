import { Alert, AlertTitle, Link as MuiLink } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { useDebounced } from '../generic/useDebounced';
import { possibleDuplicates } from './customers.endpoints';

const FIELDS = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'companyName',
  'street',
  'zip',
  'country',
] as const;

/**
 * While a customer is typed in: the existing customers that are likely the same, scored on the server by the
 * rule of the list of duplicates (e-mail, phone, name at the same PLZ).
 */
export function DuplicateWarning({ excludeId }: { excludeId?: number }) {
  const values = useWatch({ name: [...FIELDS] }) as (string | null | undefined)[];
  const query = useDebounced(
    Object.fromEntries(FIELDS.map((field, i) => [field, values[i]?.trim() || undefined])),
    500,
  );
  const { data = [] } = useEndpoint(
    possibleDuplicates,
    { query: { ...query, excludeId } },
    { enabled: Boolean(query.email || query.phone || ((query.lastName || query.companyName) && query.zip)) },
  );
  if (!data.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, maxWidth: 720 }} role="status">
      <AlertTitle>Diesen Kunden gibt es vielleicht schon</AlertTitle>
      {data.map((customer) => (
        <div key={customer.id}>
          <MuiLink component={Link} to={`/crm/kunden/${customer.id}/show`} target="_blank">
            {customer.displayName}
            {customer.customerNumber ? ` (${customer.customerNumber})` : ''}
          </MuiLink>
          {[customer.zip, customer.city].filter(Boolean).length
            ? `, ${[customer.zip, customer.city].join(' ')}`
            : ''}
          {` – ${customer.reason}`}
        </div>
      ))}
    </Alert>
  );
}
