import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Typography } from '@mui/material';

/** Shown when a user opens an area their groups do not allow. */
export function NoPermissionPage({
  title = 'Keine Berechtigung',
  text = 'Für diesen Bereich fehlt Ihnen die nötige Gruppe. Wenden Sie sich bei Bedarf an Ihre Administration.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <LockOutlinedIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </Box>
  );
}
