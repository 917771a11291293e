import { Typography } from '@mui/material';

/** 'Laden...' while permissions load, 'Keine Berechtigung!' when no entry is allowed. */
export function MenuStatus({ loading }: { loading: boolean }) {
  return (
    <Typography role="status" color="text.secondary" sx={{ px: 2.5, py: 2, fontSize: '0.9rem' }}>
      {loading ? 'Laden...' : 'Keine Berechtigung!'}
    </Typography>
  );
}
