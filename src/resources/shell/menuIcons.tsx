import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  admin: AdminPanelSettingsOutlined,
  adminVerkauf: StorefrontOutlined,
  adminBenutzer: ManageAccountsOutlined,
} satisfies Record<string, SvgIconComponent>;
