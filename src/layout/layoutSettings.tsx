import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyThemeColor } from '../config/applyBranding';
import {
  COLOR_SCHEMES,
  COMPONENT_THEME_IDS,
  defaultLayoutSettings,
  FONT_SCALES,
  INPUT_STYLES,
  MENU_MODES,
  type ComponentTheme,
  type LayoutSettings,
} from '../config/appearance';

const storageKey = (userKey: string) => `fenster-crm.layout.${userKey}`;

const allowed: { [K in keyof LayoutSettings]: readonly LayoutSettings[K][] } = {
  menuMode: MENU_MODES.map((m) => m.id),
  colorScheme: COLOR_SCHEMES.map((c) => c.id),
  inputStyle: INPUT_STYLES.map((i) => i.id),
  ripple: [true, false],
  fontScale: FONT_SCALES,
  componentTheme: COMPONENT_THEME_IDS,
};

/** A person's saved choices, each one checked; anything unknown falls back to the default. */
export function readLayoutSettings(userKey: string, fallbackTheme: ComponentTheme): LayoutSettings {
  const defaults = defaultLayoutSettings(fallbackTheme);
  let saved: Partial<Record<keyof LayoutSettings, unknown>> = {};
  try {
    saved = JSON.parse(localStorage.getItem(storageKey(userKey)) ?? '{}') as typeof saved;
  } catch {
    // A damaged entry is ignored: the defaults apply.
  }
  const pick = <K extends keyof LayoutSettings>(key: K): LayoutSettings[K] =>
    (allowed[key] as readonly unknown[]).includes(saved[key])
      ? (saved[key] as LayoutSettings[K])
      : defaults[key];
  return {
    menuMode: pick('menuMode'),
    colorScheme: pick('colorScheme'),
    inputStyle: pick('inputStyle'),
    ripple: pick('ripple'),
    fontScale: pick('fontScale'),
    componentTheme: pick('componentTheme'),
  };
}

interface LayoutSettingsValue {
  settings: LayoutSettings;
  change: (patch: Partial<LayoutSettings>) => void;
}

const LayoutSettingsContext = createContext<LayoutSettingsValue | null>(null);

/** Holds the layout configuration of the signed-in person and keeps it in their browser. */
export function LayoutSettingsProvider({
  userKey,
  fallbackTheme,
  children,
}: {
  userKey: string;
  fallbackTheme: ComponentTheme;
  children: (settings: LayoutSettings) => ReactNode;
}) {
  const [settings, setSettings] = useState(() => readLayoutSettings(userKey, fallbackTheme));
  const change = useCallback(
    (patch: Partial<LayoutSettings>) =>
      setSettings((current) => {
        const next = { ...current, ...patch };
        localStorage.setItem(storageKey(userKey), JSON.stringify(next));
        return next;
      }),
    [userKey],
  );
  const value = useMemo(() => ({ settings, change }), [settings, change]);
  // The browser bar follows the component theme the person sees.
  useEffect(() => applyThemeColor(settings.componentTheme), [settings.componentTheme]);
  return <LayoutSettingsContext.Provider value={value}>{children(settings)}</LayoutSettingsContext.Provider>;
}

/** The current layout configuration and a way to change it. */
export function useLayoutSettings(): LayoutSettingsValue {
  const value = useContext(LayoutSettingsContext);
  if (!value) throw new Error('LayoutSettingsProvider fehlt');
  return value;
}
