import type { MenuMode } from '../config/appearance';

/** The layout flags: menu mode, and which menus are open. */
export interface MenuState {
  staticMenuDesktopInactive: boolean;
  overlayMenuActive: boolean;
  staticMenuMobileActive: boolean;
  profileSidebarVisible: boolean;
  configSidebarVisible: boolean;
}

export const initialMenuState: MenuState = {
  staticMenuDesktopInactive: false,
  overlayMenuActive: false,
  staticMenuMobileActive: false,
  profileSidebarVisible: false,
  configSidebarVisible: false,
};

/**
 * The menu toggle: in overlay mode it flips the overlay; otherwise on a desktop it flips the
 * static menu, and on a mobile it flips the mobile menu.
 */
export function toggleMenu(state: MenuState, mode: MenuMode, desktop: boolean): MenuState {
  if (mode === 'overlay') return { ...state, overlayMenuActive: !state.overlayMenuActive };
  if (desktop) return { ...state, staticMenuDesktopInactive: !state.staticMenuDesktopInactive };
  return { ...state, staticMenuMobileActive: !state.staticMenuMobileActive };
}

/** Every navigation closes the menus that lie over the content. */
export const closeMenusOnNavigation = (state: MenuState): MenuState => ({
  ...state,
  overlayMenuActive: false,
  staticMenuMobileActive: false,
});
