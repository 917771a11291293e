import { Box, Container, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useClientConfig } from '../config/ClientConfigContext';
import { PublicPageTheme } from './PublicPageTheme';

/**
 * A public page reached from a customer's mail (the NPS survey, unsubscribing): the tenant's theme and logo on
 * one card, phone-friendly, with what it is about ("Strussnig Fenster GmbH – Kundenumfrage") above the content.
 */
export function PublicCard(props: { company: string | null; topic: string; children: ReactNode }) {
  const { ui } = useClientConfig();
  const { company, topic } = props;
  return (
    <PublicPageTheme>
      <Box component="main" sx={{ minHeight: '100vh', bgcolor: '#f4f6f8', py: { xs: 2, sm: 6 } }}>
        <Container maxWidth="sm" sx={{ px: { xs: 1.5, sm: 3 } }}>
          <Paper sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Box
              component="img"
              src={ui.sidebarLogo}
              alt={company ? `Logo ${company}` : 'Logo'}
              sx={{ height: 44, maxWidth: '100%', display: 'block', mb: 2 }}
            />
            <Typography variant="subtitle2" component="p" color="text.secondary" sx={{ mb: 1 }}>
              {company ? `${company} – ${topic}` : topic}
            </Typography>
            {props.children}
          </Paper>
        </Container>
      </Box>
    </PublicPageTheme>
  );
}
