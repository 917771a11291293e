import { Box, Stack, Typography } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import { GROUPS } from '../../auth/groups';
import { CalendarConflicts } from './CalendarConflicts';
import { ConnectionCard } from './ConnectionCard';
import { TeamConnections } from './TeamConnections';

/** Profil → Microsoft 365: the person's connection (Outlook calendar, mail from their mailbox), conflicts, the team. */
export default function Microsoft365Page() {
  const { permissions = [] } = usePermissions<string[]>();
  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title="Microsoft 365" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Microsoft 365
      </Typography>
      <Stack spacing={2}>
        <ConnectionCard />
        <CalendarConflicts />
        {permissions.includes(GROUPS.adminVerkauf) && <TeamConnections />}
      </Stack>
    </Box>
  );
}
