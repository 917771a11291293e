import { COMPONENT_THEME_IDS } from '../../../src/config/appearance';
import type { UiConfig } from '../../../src/config/clientConfig';
import { location, matching, oneOf, url } from './envValues';
import { TENANTS } from './tenants';

/** What the web app shows around every screen (its environment configuration): names, release dates, theme, logos. */
export function readUiConfig(
  env: NodeJS.ProcessEnv,
  tenant: keyof typeof TENANTS,
  publicUrl: string,
  production: boolean,
): UiConfig {
  const assets = `/tenants/${tenant}`;
  return {
    environmentName: env.ENVIRONMENT_NAME?.trim() || (production ? 'Produktion' : 'Entwicklung'),
    apiBaseUrl: location(env, 'API_BASE_URL', '/api'),
    redirectUrl: url(env, 'REDIRECT_URL', `${publicUrl}/auth-callback`)!,
    releaseDate: matching(env, 'RELEASE_DATE', /^\d{2}\.\d{2}\.\d{4}$/, '30.09.2023', '30.09.2023'),
    releaseDatePanel: matching(
      env,
      'RELEASE_DATE_PANEL',
      /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
      '27.05.2025 15:05',
      '27.05.2025 15:05',
    ),
    theme: oneOf(env, 'THEME', COMPONENT_THEME_IDS, TENANTS[tenant].theme),
    loginTitle: env.LOGIN_TITLE?.trim() || TENANTS[tenant].loginTitle,
    favicon: location(env, 'FAVICON', `${assets}/favicon.svg`),
    sidebarLogo: location(env, 'SIDEBAR_LOGO', `${assets}/logo.svg`),
    manualUrl: location(env, 'MANUAL_URL', `${assets}/handbuch.pdf`),
  };
}
