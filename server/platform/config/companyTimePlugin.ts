import fp from 'fastify-plugin';
import { timeZoneOf, type TenantKey, type TimeZoneName } from '../../../src/config/companyTime';

declare module 'fastify' {
  interface FastifyInstance {
    /** The company's time zone: "heute", "überfällig" and report days are counted in it, never in UTC. */
    timeZone: TimeZoneName;
    /** The tenant this deployment serves: its logo and letterhead on documents (the offer PDF). */
    tenantId: TenantKey;
  }
}

/** Makes the tenant's time zone reachable as `app.timeZone` in every area (and in SQL as a parameter), its id as `app.tenantId`. */
export const companyTimePlugin = fp<{ tenant: TenantKey }>(async (app, options) => {
  app.decorate('timeZone', timeZoneOf(options.tenant));
  app.decorate('tenantId', options.tenant);
});
