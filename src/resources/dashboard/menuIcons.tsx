import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  dashboard: DashboardOutlined,
} satisfies Record<string, SvgIconComponent>;
