import FolderOutlined from '@mui/icons-material/FolderOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  dateien: FolderOutlined,
} satisfies Record<string, SvgIconComponent>;
