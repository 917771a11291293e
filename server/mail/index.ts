import { defineServerArea } from '../platform/areas/defineServerArea';
import { MailOutbox } from './mailOutbox';
import { registerMailRoutes } from './mailRoutes';

/** E-mails to customers from text templates: preview and send, and the outbox that sends queued mails. */
export default defineServerArea({
  async plugin(app, options) {
    registerMailRoutes(app, options.publicUrl);
    const outbox = new MailOutbox(app.db, app.mailer, app.log, options.publicUrl);
    outbox.start();
    app.addHook('onClose', () => outbox.stop());
  },
});
