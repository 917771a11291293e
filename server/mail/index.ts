import { defineServerArea } from '../platform/areas/defineServerArea';
import { adoptWaitingMails, sendMailJob } from './mailOutbox';
import { registerMailRoutes } from './mailRoutes';

/**
 * mails to a customer from Textvorlagen, the Postausgang
 *
 * E-mails to customers from text templates: preview and send, and the outbox jobs that send queued mails.
 */
export default defineServerArea({
  async plugin(app) {
    registerMailRoutes(app);
    app.jobs.register(sendMailJob);
    app.jobs.register(adoptWaitingMails);
  },
});
