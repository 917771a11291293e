import { Box, Drawer, useMediaQuery } from '@mui/material';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Loading, TitlePortal } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { DESKTOP_MIN_WIDTH } from '../config/appearance';
import { AppUpdatePrompt } from './AppUpdatePrompt';
import { BreadcrumbProvider } from './BreadcrumbContext';
import { useLayoutSettings } from './layoutSettings';
import { menuColors } from './crmTheme';
import { closeMenusOnNavigation, initialMenuState, toggleMenu } from './menuState';
import { SideMenu } from './SideMenu';
import { PhoneOutboxChipSpace } from '../offline/outbox/OutboxStatus';
import { TOP_BAR_HEIGHT, TopBar } from './TopBar';
import { useOpenedOnce } from './useOpenedOnce';

// Menu modes other than the default and the two panels load when first used: the first page stays small.
const HorizontalMenu = lazy(() => import('./HorizontalMenu').then((m) => ({ default: m.HorizontalMenu })));
const SlimMenu = lazy(() => import('./SlimMenu').then((m) => ({ default: m.SlimMenu })));
const ProfilePanel = lazy(() => import('./ProfilePanel').then((m) => ({ default: m.ProfilePanel })));
const LayoutConfigPanel = lazy(() =>
  import('./LayoutConfigPanel').then((m) => ({ default: m.LayoutConfigPanel })),
);

const MENU_WIDTH = 248;
const SLIM_WIDTH = 76;

/** The frame around every /crm screen: top bar, menu in four modes, panels. */
export function CrmLayout({ children }: { children: ReactNode }) {
  const { settings } = useLayoutSettings();
  const desktop = useMediaQuery(`(min-width:${DESKTOP_MIN_WIDTH}px)`, { noSsr: true });
  const [state, setState] = useState(initialMenuState);
  const profileUsed = useOpenedOnce(state.profileSidebarVisible);
  const configUsed = useOpenedOnce(state.configSidebarVisible);
  const { pathname } = useLocation();
  // Every navigation closes the overlay and mobile menus.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setState(closeMenusOnNavigation);
  }

  const mode = settings.menuMode;
  const colors = menuColors(settings);
  const overlayOpen = mode === 'overlay' ? state.overlayMenuActive : !desktop && state.staticMenuMobileActive;
  const docked = desktop && (mode === 'static' || mode === 'slim') && !state.staticMenuDesktopInactive;
  const dockedWidth = docked ? (mode === 'slim' ? SLIM_WIDTH : MENU_WIDTH) : 0;
  const menuOpen =
    overlayOpen || docked || (desktop && mode === 'horizontal' && !state.staticMenuDesktopInactive);
  const paper = { bgcolor: colors.background, borderRight: 1, borderColor: 'divider' };
  // With the menu docked, the overlay menu is mounted from its first opening on; otherwise it is the menu the
  // toggle controls (aria-controls) and always there.
  const overlayUsed = useOpenedOnce(overlayOpen);
  // Stable, so that the memoised top bar is not drawn again with every frame render.
  const onToggleMenu = useCallback(
    () => setState((current) => toggleMenu(current, mode, desktop)),
    [mode, desktop],
  );
  const onOpenProfile = useCallback(
    () => setState((current) => ({ ...current, profileSidebarVisible: true })),
    [],
  );
  const onOpenConfig = useCallback(
    () => setState((current) => ({ ...current, configSidebarVisible: true })),
    [],
  );

  return (
    <BreadcrumbProvider>
      {/* The docked menu's width as a CSS variable: bars fixed to the window (the bulk bar) centre beside it. */}
      <Box
        sx={{ minHeight: '100vh', bgcolor: 'background.default', '--crm-docked-menu': `${dockedWidth}px` }}
      >
        <Box
          component="a"
          href="#main-content"
          sx={{
            position: 'absolute',
            left: -9999,
            zIndex: 2000,
            '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper', color: 'text.primary' },
          }}
        >
          Zum Inhalt springen
        </Box>
        <TopBar
          desktop={desktop}
          menuOpen={menuOpen}
          onToggleMenu={onToggleMenu}
          onOpenProfile={onOpenProfile}
          onOpenConfig={onOpenConfig}
        />
        <Box sx={{ height: TOP_BAR_HEIGHT }} />
        <PhoneOutboxChipSpace />
        {desktop && mode === 'horizontal' && !state.staticMenuDesktopInactive && (
          <Suspense fallback={null}>
            <HorizontalMenu />
          </Suspense>
        )}
        {docked && (
          <Box
            id="crm-menu"
            component="aside"
            sx={{
              ...paper,
              position: 'fixed',
              top: TOP_BAR_HEIGHT,
              bottom: 0,
              left: 0,
              width: dockedWidth,
              overflowY: 'auto',
              zIndex: (theme) => theme.zIndex.appBar - 1,
            }}
          >
            {mode === 'slim' ? (
              <Suspense fallback={null}>
                <SlimMenu />
              </Suspense>
            ) : (
              <SideMenu />
            )}
          </Box>
        )}
        {(overlayUsed || !docked) && (
          <Drawer
            id={docked ? undefined : 'crm-menu'}
            variant="temporary"
            open={overlayOpen}
            onClose={() => setState(closeMenusOnNavigation)}
            transitionDuration={400}
            slotProps={{ paper: { sx: { ...paper, width: MENU_WIDTH, pt: `${TOP_BAR_HEIGHT}px` } } }}
            ModalProps={{ keepMounted: false }}
          >
            <SideMenu />
          </Drawer>
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{
            ml: `${dockedWidth}px`,
            px: { xs: 1.5, sm: 3 },
            py: 2,
            transition: 'margin-left 400ms',
            outline: 'none',
            minWidth: 0,
            // A page with a heading of its own names itself: the layout's title then stays hidden, so a phone
            // shows one heading, not "Fällige Labels" twice.
            '&:has(h1:not(#react-admin-title)) #react-admin-title': { display: 'none' },
          }}
        >
          {/* Where react-admin's <Title> lands. Phones hide the breadcrumb, so a page without a heading of its
              own is named here. */}
          <TitlePortal
            component="h1"
            sx={{ display: { xs: 'block', sm: 'none' }, mb: 1, fontSize: '1.15rem' }}
          />
          <Suspense
            fallback={<Loading loadingPrimary="ra.page.loading" loadingSecondary="ra.message.loading" />}
          >
            {children}
          </Suspense>
        </Box>
        <Suspense fallback={null}>
          {profileUsed && (
            <ProfilePanel
              open={state.profileSidebarVisible}
              onClose={() => setState((current) => ({ ...current, profileSidebarVisible: false }))}
            />
          )}
          {configUsed && (
            <LayoutConfigPanel
              open={state.configSidebarVisible}
              onClose={() => setState((current) => ({ ...current, configSidebarVisible: false }))}
            />
          )}
        </Suspense>
        <AppUpdatePrompt />
      </Box>
    </BreadcrumbProvider>
  );
}
