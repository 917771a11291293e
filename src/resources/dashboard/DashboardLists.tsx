import { Link as MuiLink, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatCompanyDate } from '../../config/companyTime';
import { formatEuroCents } from '../../i18n/format';
import type { DashboardVorgang } from './dashboard.endpoints';
import { useCompanyZone } from '../../config/useCompanyZone';

/** A short list of Vorgänge with customer, amount and last activity, each linking to its Vorgang page. */
export function VorgangShortList({
  title,
  rows,
  empty,
  more,
}: {
  title: string;
  rows: readonly DashboardVorgang[];
  empty: string;
  more?: { text: string; to: string };
}) {
  const zone = useCompanyZone();
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {empty}
        </Typography>
      ) : (
        <List dense>
          {rows.map((row) => (
            <ListItem key={row.id} divider>
              <ListItemText
                primary={
                  <MuiLink component={Link} to={`/crm/vorgang/${row.id}`}>
                    {row.vorgangNumber} · {row.title}
                  </MuiLink>
                }
                secondary={`${row.customerName ?? ''} · ${formatEuroCents(row.netTotalCents)}${
                  row.lastActivityAt
                    ? ` · letzte Aktivität ${formatCompanyDate(row.lastActivityAt, zone)}`
                    : ''
                }`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {more && (
        <Typography variant="body2" sx={{ px: 2, pb: 1.5 }}>
          <MuiLink component={Link} to={more.to}>
            {more.text}
          </MuiLink>
        </Typography>
      )}
    </Paper>
  );
}
