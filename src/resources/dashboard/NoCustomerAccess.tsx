import { usePermissions } from 'react-admin';
import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { GROUPS } from '../../auth/groups';

const WHAT_SHOWS_WHAT = [
  { group: GROUPS.kunde, shows: 'Dashboard mit Kennzahlen, Todos, Kunden, Vorgänge und Fällige Labels' },
  { group: GROUPS.nps, shows: 'Kundenzufriedenheit (NPS): Umfragen und Auswertungen' },
  { group: GROUPS.dateien, shows: 'Dateien: Unterlagen und Vorlagen zum Herunterladen' },
  {
    group: GROUPS.adminVerkauf,
    shows: 'Admin-Verkauf: Verkaufsziele, Verkaufskurve, Filialen, Textvorlagen',
  },
  { group: GROUPS.admin, shows: 'Admin und Admin-Benutzer: Stammdaten, Benutzer, Datenabgleich' },
];

/** The dashboard for someone without APP_KUNDE: which directory group would show what, not empty cards. */
export function NoCustomerAccess({ groups }: { groups: readonly string[] }) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 760, mx: 'auto', mt: { xs: 2, md: 4 }, p: { xs: 2.5, md: 4 } }}>
      <Typography variant="h5" component="h1">
        Willkommen im CRM
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        Ihr Dashboard zeigt Kennzahlen, Todos und Vorgänge, sobald Ihnen die Gruppe {GROUPS.kunde} zugeordnet
        ist. Welche Gruppe welche Bereiche öffnet:
      </Typography>
      <Box sx={{ overflowX: 'auto', mt: 2 }}>
        <Table size="small" aria-label="Gruppen und Bereiche">
          <TableHead>
            <TableRow>
              <TableCell>Gruppe</TableCell>
              <TableCell>Öffnet</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {WHAT_SHOWS_WHAT.map((row) => (
              <TableRow key={row.group}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  {row.group}
                  {groups.includes(row.group) && (
                    <Typography variant="caption" color="success.main" component="div">
                      Ihre Gruppe
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{row.shows}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Gruppen vergibt Ihre IT im Verzeichnis. Bitte wenden Sie sich an Ihre Verkaufsleitung oder die IT,
        wenn Ihnen eine Gruppe fehlt.
      </Typography>
    </Paper>
  );
}

/** The route's screen for a person without APP_KUNDE on the dashboard (its `noPermission`, loaded lazily). */
export default function NoCustomerAccessPage() {
  const { permissions } = usePermissions<string[]>();
  return <NoCustomerAccess groups={permissions ?? []} />;
}
