import SentimentSatisfiedAltOutlined from '@mui/icons-material/SentimentSatisfiedAltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons of this area's menu entries, by the key its menu.ts names. */
export default {
  nps: SentimentSatisfiedAltOutlined,
} satisfies Record<string, SvgIconComponent>;
