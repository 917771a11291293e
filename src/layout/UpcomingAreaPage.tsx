import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Loading, usePermissions } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AppGroup } from '../auth/groups';
import { NoPermissionPage } from './NoPermissionPage';

/** A screen whose content is still being built: says so in German instead of a blank page. */
export function UpcomingAreaPage({ title, group, text }: { title: string; group: AppGroup; text: string }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  if (!permissions?.includes(group)) return <NoPermissionPage />;
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 640, mx: 'auto', mt: { xs: 2, md: 6 }, p: { xs: 3, md: 5 }, textAlign: 'center' }}
    >
      <ConstructionOutlined sx={{ fontSize: 56, color: 'primary.main' }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        {text}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        Dieser Bereich wird gerade fertiggestellt und steht Ihnen in Kürze zur Verfügung.
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to="/crm/dashboard" variant="outlined">
          Zum Dashboard
        </Button>
      </Box>
    </Paper>
  );
}
