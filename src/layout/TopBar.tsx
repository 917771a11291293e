import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MenuIcon from '@mui/icons-material/Menu';
import TuneIcon from '@mui/icons-material/Tune';
import { AppBar, Avatar, Box, Chip, IconButton, Toolbar, Tooltip } from '@mui/material';
import { memo } from 'react';
import { useGetIdentity } from 'react-admin';
import { Link } from 'react-router-dom';
import { useClientConfig } from '../config/ClientConfigContext';
import { OutboxStatus } from '../offline/outbox/OutboxStatus';
import { NotificationBell } from '../resources/notifications/NotificationBell';
import { SearchLauncher } from '../resources/search/SearchLauncher';
import { Breadcrumb } from './Breadcrumb';
import { useHandedOverTap } from './handedOverTap';

export const TOP_BAR_HEIGHT = 64;

interface TopBarProps {
  desktop: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenProfile: () => void;
  onOpenConfig: () => void;
}

/** Top bar: menu toggle, logo, breadcrumb, demo chip, search, notifications, manual, layout and profile (memoised). */
export const TopBar = memo(function TopBar({
  desktop,
  menuOpen,
  onToggleMenu,
  onOpenProfile,
  onOpenConfig,
}: TopBarProps) {
  const { demo, ui } = useClientConfig();
  const { identity } = useGetIdentity();
  useHandedOverTap();
  return (
    <AppBar
      position="fixed"
      sx={{
        height: TOP_BAR_HEIGHT,
        justifyContent: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        zIndex: (theme) => theme.zIndex.drawer + 1,
      }}
    >
      {/* On a phone the six targets of 44 px fit 390 px with narrower gaps. */}
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          sx={{ ml: { xs: -0.5, sm: -1.5 } }}
          aria-label="Menü ein- oder ausblenden"
          aria-expanded={menuOpen}
          aria-controls="crm-menu"
          onClick={onToggleMenu}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={Link}
          to="/crm/dashboard"
          aria-label={`${ui.loginTitle}: zum Dashboard`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            // Below the phone's 390 px (Outlook's side panel, about 350 px) the word mark gives way, not the icons.
            flexShrink: 1,
            minWidth: 0,
            // The word marks are drawn for light backgrounds.
            bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#fff' : 'transparent'),
            borderRadius: 1,
            px: 0.5,
            // A thumb's target on a phone (the logo alone is 28 px high there).
            minHeight: { xs: 44, sm: 0 },
          }}
        >
          <Box
            component="img"
            src={ui.sidebarLogo}
            alt=""
            sx={{
              height: desktop ? 36 : 28,
              display: 'block',
              maxWidth: '100%',
              objectFit: 'contain',
              objectPosition: 'left center',
            }}
          />
        </Box>
        {/* On a phone the page's own heading names it; a cut-off crumb would only add noise. */}
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            ml: { xs: 0, md: 2 },
            '& nav': { display: { xs: 'none', sm: 'block' } },
          }}
        >
          <Breadcrumb compact={!desktop} />
        </Box>
        {demo && (
          <Chip
            label="DEMOUMGEBUNG"
            color="warning"
            size="small"
            title={ui.environmentName}
            // Dark text on the light warning tone keeps the contrast above 4.5:1.
            sx={{
              fontWeight: 700,
              letterSpacing: 0.5,
              bgcolor: 'warning.light',
              color: 'rgba(0, 0, 0, 0.87)',
              display: { xs: 'none', sm: 'inline-flex' },
            }}
          />
        )}
        <OutboxStatus phoneTop={TOP_BAR_HEIGHT} />
        <SearchLauncher />
        <NotificationBell />
        <Tooltip title="Benutzerhandbuch">
          <IconButton
            // On a phone the bell takes its place; the manual is in the profile panel there.
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            component="a"
            href={ui.manualUrl}
            target="_blank"
            rel="noopener"
            aria-label="Benutzerhandbuch öffnen"
          >
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Layout anpassen">
          <IconButton aria-label="Layout anpassen" onClick={onOpenConfig}>
            <TuneIcon />
          </IconButton>
        </Tooltip>
        <IconButton aria-label="Profil" onClick={onOpenProfile} sx={{ p: 0.5 }}>
          <Avatar src={identity?.avatar} alt="" sx={{ width: 36, height: 36 }} />
        </IconButton>
      </Toolbar>
    </AppBar>
  );
});
