import EventNoteIcon from '@mui/icons-material/EventNote';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useGetIdentity, useLogout } from 'react-admin';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useClientConfig } from '../config/ClientConfigContext';
import { useOutboxView } from '../offline/outbox/outbox';
import { changesCount } from '../offline/outbox/outboxWording';
import { NotificationSettingsSection } from '../resources/notifications/NotificationSettingsSection';

/** Profile panel: greeting, the manual (phone), 'Abmelden', the notification settings, release date; slides in within 0.3 s. */
export function ProfilePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const { ui } = useClientConfig();
  // Signing out deletes the outbox: changes not sent yet would be lost, so the person is asked first.
  const waiting = useOutboxView().entries.length;
  const [warning, setWarning] = useState(false);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      transitionDuration={300}
      // Above the top bar, which itself lies above the menu.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: 300 }, 'aria-label': 'Profil' } }}
    >
      <Box sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar src={identity?.avatar} alt="" sx={{ width: 48, height: 48 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Willkommen
          </Typography>
          <Typography variant="h6" component="p" noWrap>
            {identity?.fullName}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <List>
        {/* On a phone the top bar has no room for the manual (the bell took its place): it is here. */}
        <ListItemButton
          component="a"
          href={ui.manualUrl}
          target="_blank"
          rel="noopener"
          sx={{ display: { xs: 'flex', sm: 'none' } }}
        >
          <ListItemIcon>
            <HelpOutlineIcon />
          </ListItemIcon>
          <ListItemText primary="Benutzerhandbuch" />
        </ListItemButton>
        <ListItemButton component={Link} to="/crm/microsoft-365" onClick={onClose}>
          <ListItemIcon>
            <EventNoteIcon />
          </ListItemIcon>
          <ListItemText primary="Microsoft 365" secondary="Outlook-Kalender und E-Mail verbinden" />
        </ListItemButton>
        <ListItemButton onClick={() => (waiting ? setWarning(true) : void logout())}>
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary="Abmelden" secondary="Du wirst vom CRM-System abgemeldet" />
        </ListItemButton>
      </List>
      <Divider />
      <NotificationSettingsSection />
      <Box sx={{ mt: 'auto', p: 3 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          Release: {ui.releaseDatePanel}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          Umgebung: {ui.environmentName}
        </Typography>
      </Box>
      <Dialog open={warning} onClose={() => setWarning(false)} aria-labelledby="abmelden-warnung">
        <DialogTitle id="abmelden-warnung">Noch nicht gesendete Änderungen</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {changesCount(waiting)} {waiting === 1 ? 'wurde' : 'wurden'} ohne Verbindung gespeichert und noch
            nicht gesendet. Beim Abmelden{' '}
            {waiting === 1
              ? 'wird sie von diesem Gerät gelöscht und geht verloren.'
              : 'werden sie von diesem Gerät gelöscht und gehen verloren.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setWarning(false)}>Angemeldet bleiben</Button>
          <Button color="error" onClick={() => void logout()}>
            Trotzdem abmelden
          </Button>
        </DialogActions>
      </Dialog>
    </Drawer>
  );
}
