// The few Material icons Mein Tag's light page draws (paths as @mui/icons-material has them), without MUI:
// the same pictures the full app shows in the same places.
import { LIGHT_ICON_PATHS as PATHS } from './lightIconPaths';

export type LightIconName = keyof typeof PATHS;

/** A 24 × 24 icon in the text's colour, hidden from screen readers (the button or link names itself). */
export function LightIcon({ name, size = 24 }: { name: LightIconName; size?: number }) {
  return (
    <svg
      className="mdl-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
