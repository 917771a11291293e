/** The API's audience and scope in development; production takes them from the app registration. */
export const DEV_API = {
  audience: 'api://fenster-crm',
  scopeName: 'access_as_user',
  scope: 'api://fenster-crm/access_as_user',
  clientId: 'fenster-crm-web',
  tenantId: '7e11a0c5-de00-4f00-9000-00000000de00',
} as const;
