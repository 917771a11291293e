import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  dubletten: ContentCopyOutlined,
} satisfies Record<string, SvgIconComponent>;
