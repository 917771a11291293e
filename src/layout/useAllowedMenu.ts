import { usePermissions } from 'react-admin';
import { allowedMenu, type MenuItem } from '../resources/menu';
import { MENU } from '../resources/registry';

/** The menu entries of the signed-in person, or `null` while their groups are being checked. */
export function useAllowedMenu(): MenuItem[] | null {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  return allowedMenu(MENU, permissions ?? []);
}
