import AlarmOutlined from '@mui/icons-material/AlarmOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  vorgang: WorkOutlineOutlined,
  vorgangListe: ListAltOutlined,
  faellig: AlarmOutlined,
  kanban: ViewKanbanOutlined,
} satisfies Record<string, SvgIconComponent>;
