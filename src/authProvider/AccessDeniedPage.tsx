import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/**
 * /zugriff: signed in, but no directory group (the client's texts verbatim, docs/requirements.md, Sign-in and
 * access).
 */
export default function AccessDeniedPage() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Zugriff verweigert
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Ihnen sind keine AD-Gruppen zugeordnet
          </Typography>
          {/* The login page would otherwise send a signed-in person straight back here. */}
          <Button variant="contained" component={Link} to="/login" state={{ otherAccount: true }}>
            Zurück zum Login
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
