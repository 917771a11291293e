import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  kunden: PeopleAltOutlined,
} satisfies Record<string, SvgIconComponent>;
