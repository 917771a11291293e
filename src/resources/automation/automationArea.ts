import { useLocation } from 'react-router-dom';
import type { AreaName } from '../areas';

/** The admin area the screens are opened in (Admin or Admin-Verkauf) and the list's address there. */
export function useAutomationArea(): { area: AreaName; listPath: string } {
  const { pathname } = useLocation();
  const area: AreaName = pathname.includes('/crm/admin-verkauf/') ? 'admin-verkauf' : 'admin';
  return { area, listPath: `/crm/${area}/automatisierung` };
}
