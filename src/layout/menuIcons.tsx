import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AlarmOutlined from '@mui/icons-material/AlarmOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SentimentSatisfiedAltOutlined from '@mui/icons-material/SentimentSatisfiedAltOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { MenuIcon } from '../resources/menu';

/** The icon of each menu entry. */
export const MENU_ICONS: Record<MenuIcon, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  todos: ChecklistOutlined,
  nps: SentimentSatisfiedAltOutlined,
  kunden: PeopleAltOutlined,
  vorgang: WorkOutlineOutlined,
  vorgangListe: ListAltOutlined,
  faellig: AlarmOutlined,
  kanban: ViewKanbanOutlined,
  dateien: FolderOutlined,
  admin: AdminPanelSettingsOutlined,
  adminVerkauf: StorefrontOutlined,
  adminBenutzer: ManageAccountsOutlined,
};
