import type { FastifyInstance } from 'fastify';
import type { MenuItem } from '../../src/resources/menu';
import type { ManualTab } from './loadManualTabs';
import { TENANTS, type TenantId } from '../platform/config/tenants';
import { renderUserManual } from './userManual';

/** /tenants/{tenant}/handbuch.pdf: the user manual behind the info button (public, like the logo). */
export function registerTenantRoutes(
  app: FastifyInstance,
  menu: readonly MenuItem[],
  tabs: readonly ManualTab[],
) {
  const manuals = new Map<TenantId, Promise<Buffer>>();
  app.get<{ Params: { tenant: string } }>(
    '/tenants/:tenant/handbuch.pdf',
    { schema: { hide: true } },
    async (request, reply) => {
      const tenant = TENANTS[request.params.tenant as TenantId];
      if (!tenant) return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');
      let manual = manuals.get(tenant.id);
      if (!manual) manuals.set(tenant.id, (manual = renderUserManual(tenant, menu, tabs)));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${tenant.id}-handbuch.pdf"`)
        .header('cache-control', 'public, max-age=3600')
        .send(await manual);
    },
  );
}
