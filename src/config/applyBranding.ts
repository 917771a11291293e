import { COMPONENT_THEMES, type ComponentTheme } from './appearance';
import type { ClientConfig } from './clientConfig';

/**
 * The browser bar's colour on a phone (`<meta name="theme-color">`): the app theme's. The server writes the
 * tenant's into the page (and the manifest); a person's own component theme changes it while the app runs.
 */
export function applyThemeColor(theme: ComponentTheme) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = COMPONENT_THEMES[theme].main;
}

/**
 * The tenant's favicon, title and colour in the browser tab (each tenant has its own): the server wrote them into
 * the page already (server/platform/http/tenantPage.ts); this keeps them for a page from elsewhere (Vite's dev
 * server).
 */
export function applyBranding(config: ClientConfig) {
  document.title = config.ui.loginTitle;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  icon.href = config.ui.favicon;
  icon.type = config.ui.favicon.endsWith('.svg') ? 'image/svg+xml' : '';
  applyThemeColor(config.ui.theme);
}
