import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/** A screen whose content is still being built: says so in German instead of a blank page (behind its group: guardPage). */
export function UpcomingAreaPage({ title, text }: { title: string; text: string }) {
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
