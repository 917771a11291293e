import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerConflictRoutes } from './conflictRoutes';
import { registerConnectionRoutes } from './connectionRoutes';
import { deltaSyncJob } from './deltaSyncJob';
import { createGraphClients } from './graphClient';
import { mailboxTransport } from './mailboxSend';
import { MailboxTokens } from './mailboxTokens';
import { keepContext, type Microsoft365Context } from './microsoft365Context';
import { pushTermineJob } from './pushTermineJob';
import { registerNotificationRoutes } from './subscriptions';

/**
 * Microsoft 365 per person: the connection (delegated tokens, sealed), the CRM's Termine in the person's Outlook
 * calendar and back (delta runs, change notifications as a prompt), conflicts. Without `microsoft365` in the
 * options (no M365_TOKEN_KEY) the routes answer that it is not set up and the jobs do nothing.
 */
export default defineServerArea({
  async plugin(app, options) {
    const settings = options.microsoft365;
    app.jobs.register(pushTermineJob);
    app.jobs.register(deltaSyncJob);
    let context: Microsoft365Context | null = null;
    if (settings) {
      const tokens = new MailboxTokens(app.db, settings.tokens, settings.tokenKey);
      let closing = false;
      const kick = (kind: typeof pushTermineJob) => {
        if (closing) return;
        // One queued at most (the running one picks the work up too); a refused send is no failure.
        void app.jobs
          .send(kind, {}, { singletonKey: 'jetzt' })
          .then(() => app.jobs.wake(kind))
          .catch((error: unknown) =>
            app.log.warn({ err: error }, `Microsoft 365: ${kind.label} nicht angestoßen`),
          );
      };
      context = {
        db: app.db,
        options: settings,
        tokens,
        graph: createGraphClients(settings.graphBaseUrl, tokens, app.db, settings.mailboxConcurrency),
        publicUrl: options.publicUrl,
        timeZone: app.timeZone,
        kickPush: () => kick(pushTermineJob),
        kickDelta: () => kick(deltaSyncJob),
        stopping: () => closing,
      };
      keepContext(app, context);
      app.mailer.useMailbox(mailboxTransport(context));
      app.addHook('preClose', async () => {
        closing = true;
      });
      if (settings.standIn) await app.register(settings.standIn.plugin, { prefix: settings.standIn.prefix });
    }
    registerConflictRoutes(app, context);
    registerConnectionRoutes(app, context);
    registerNotificationRoutes(app, context);
  },
});
