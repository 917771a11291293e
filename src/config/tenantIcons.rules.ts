/**
 * The PNG icons the build draws per tenant from its favicon.svg (build/tenantIcons.ts), under /tenants/<tenant>/:
 * the manifest's (server/shell/manifestRoutes.ts) and iOS's home-screen icon (the pages' apple-touch-icon).
 */
export const TENANT_ICON_FILES = {
  any192: 'icon-192.png',
  any512: 'icon-512.png',
  maskable512: 'icon-maskable-512.png',
  appleTouch: 'apple-touch-icon.png',
} as const;
