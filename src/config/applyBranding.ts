import type { ClientConfig } from './clientConfig';

/** The tenant's favicon and title in the browser tab (each tenant has its own). */
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
}
