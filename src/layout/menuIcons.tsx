import type { SvgIconComponent } from '@mui/icons-material';

// Each area names the icons of its menu entries beside its menu.ts.
const iconModules = import.meta.glob<{ default: Record<string, SvgIconComponent> }>(
  '../resources/*/menuIcons.tsx',
  { eager: true },
);

/** The icon of each menu entry, by the key the entry's `icon` names. */
export const MENU_ICONS: Readonly<Record<string, SvgIconComponent>> = Object.assign(
  {},
  ...Object.values(iconModules).map((module) => module.default),
);
