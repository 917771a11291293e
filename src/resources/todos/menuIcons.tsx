import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  todos: ChecklistOutlined,
} satisfies Record<string, SvgIconComponent>;
