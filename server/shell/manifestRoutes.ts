import type { FastifyInstance } from 'fastify';
import { COMPONENT_THEMES, type ComponentTheme } from '../../src/config/appearance';
import { TENANT_ICON_FILES as FILES } from '../../src/config/tenantIcons.rules';
import { TENANTS, type TenantId } from '../platform/config/tenants';

/**
 * The web app manifest of the running tenant: what a phone needs to install the CRM on its home screen (name,
 * icons drawn from the tenant's mark at build time by build/tenantIcons.ts, colour, the landing page). It
 * differs per tenant, so the server writes it instead of the build. Its colour is the app's theme colour (the
 * configured `theme`, by default the tenant's), as the pages' `<meta name="theme-color">`.
 */
export function webAppManifest(tenantId: TenantId, theme: ComponentTheme = TENANTS[tenantId].theme) {
  const tenant = TENANTS[tenantId];
  const icons = `/tenants/${tenant.id}`;
  return {
    id: '/crm/dashboard',
    name: `${tenant.name} CRM`,
    short_name: `${tenant.name} CRM`,
    description: tenant.loginTitle,
    lang: 'de',
    start_url: '/crm/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: COMPONENT_THEMES[theme].main,
    background_color: '#ffffff',
    icons: [
      { src: `${icons}/${FILES.any192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${icons}/${FILES.any512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${icons}/${FILES.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: `${icons}/favicon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/** /manifest.webmanifest (public, like the logo: the browser asks for it without a token). */
export function registerManifestRoutes(app: FastifyInstance, tenant: TenantId, theme: ComponentTheme) {
  const body = JSON.stringify(webAppManifest(tenant, theme));
  app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
