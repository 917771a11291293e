import type { CSSProperties } from 'react';
import { COMPONENT_THEMES } from '../../../config/appearance';
import { SCHEME_COLORS, lighterTone } from '../../../layout/colorSchemes';
import { readLayoutSettings } from '../../../layout/layoutSettings';

/** The theme's colours as custom properties for myDayLight.css, from the person's layout settings. */
export function themeStyle(accountId: string, fallbackTheme: Parameters<typeof readLayoutSettings>[1]) {
  const settings = readLayoutSettings(accountId, fallbackTheme);
  const scheme = SCHEME_COLORS[settings.colorScheme];
  const main = COMPONENT_THEMES[settings.componentTheme].main;
  const dark = scheme.mode === 'dark';
  return {
    dark,
    style: {
      '--mdl-primary': dark ? lighterTone(main, 0.4) : main,
      '--mdl-on-primary': dark ? 'rgba(0, 0, 0, 0.87)' : '#fff',
      '--mdl-background': scheme.background,
      '--mdl-paper': scheme.paper,
      '--mdl-text': scheme.text,
      // MUI's body text is 16 px at the default scale of 14.
      '--mdl-font': (16 * settings.fontScale) / 14,
    } as CSSProperties,
  };
}
