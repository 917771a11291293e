import { getSenderOverview } from '../../src/resources/outlookAddin/outlookAddin.endpoints';
import { defineServerArea } from '../platform/areas/defineServerArea';
import { endpointRoute } from '../platform/http/endpointRoute';
import { senderOverview } from './senderQueries';

/**
 * The Outlook side panel's own read: the sender's customer, open Vorgänge, last offer. Filing a mail, a task and a
 * new Vorgang use the activities' and Vorgänge's own endpoints (one write path each, with their rules).
 */
export default defineServerArea({
  async plugin(app) {
    endpointRoute(app, getSenderOverview, async (request) => senderOverview(app.db, request.query.email));
  },
});
