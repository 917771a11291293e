import { getSenderOverview } from '../../src/resources/outlookAddin/outlookAddin.endpoints';
import { defineServerArea } from '../platform/areas/defineServerArea';
import { TENANTS } from '../platform/config/tenants';
import { endpointRoute } from '../platform/http/endpointRoute';
import { addinManifestXml, MANIFEST_PATH } from './addinManifest';
import { senderOverview } from './senderQueries';

/**
 * The Outlook side panel's own read: the sender's customer, open Vorgänge, last offer. Filing a mail, a task and a
 * new Vorgang use the activities' and Vorgänge's own endpoints (one write path each, with their rules). The add-in's
 * manifest is public (it names addresses, no secret), as the admin centre fetches or uploads it without a sign-in.
 */
export default defineServerArea({
  async plugin(app, options) {
    endpointRoute(app, getSenderOverview, async (request) => senderOverview(app.db, request.query.email));
    const manifest = addinManifestXml({
      publicUrl: options.publicUrl,
      clientId: options.clientConfig.auth.clientId,
      tenant: TENANTS[options.clientConfig.tenant],
    });
    app.get(MANIFEST_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header(
          'content-disposition',
          `attachment; filename="fenster-crm-outlook-${options.clientConfig.tenant}.xml"`,
        )
        .type('application/xml; charset=utf-8')
        .send(manifest),
    );
  },
});
