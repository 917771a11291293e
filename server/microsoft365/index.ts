import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerConflictRoutes } from './conflictRoutes';
import { registerConnectionRoutes } from './connectionRoutes';
import { DeltaSyncJob } from './deltaSyncJob';
import { createGraphClients } from './graphClient';
import { MailboxTokens } from './mailboxTokens';
import type { Microsoft365Context } from './microsoft365Context';
import { PushTermineJob } from './pushTermineJob';
import { registerNotificationRoutes } from './subscriptions';

/** Lanes of the write path per instance: a first sync of hundreds of Termine uses the mailbox's four slots. */
const PUSH_LANES = 4;

/**
 * Microsoft 365 per person: the connection (delegated tokens, sealed), the CRM's Termine in the person's Outlook
 * calendar and back (delta runs, change notifications as a prompt), conflicts. Without `microsoft365` in the
 * options (no M365_TOKEN_KEY) the routes answer that it is not set up and no job runs.
 */
export default defineServerArea({
  async plugin(app, options) {
    const settings = options.microsoft365;
    let context: Microsoft365Context | null = null;
    if (settings) {
      const tokens = new MailboxTokens(app.db, settings.tokens, settings.tokenKey);
      const push: PushTermineJob[] = [];
      const jobs: { delta?: DeltaSyncJob } = {};
      context = {
        db: app.db,
        options: settings,
        tokens,
        graph: createGraphClients(settings.graphBaseUrl, tokens, settings.mailboxConcurrency),
        publicUrl: options.publicUrl,
        timeZone: app.timeZone,
        kickPush: () => push.forEach((lane) => lane.kick()),
        kickDelta: () => jobs.delta?.kick(),
      };
      for (let lane = 0; lane < PUSH_LANES; lane += 1) push.push(new PushTermineJob(context, app.log));
      const delta = new DeltaSyncJob(context, app.log);
      jobs.delta = delta;
      for (const job of [...push, delta]) job.start();
      app.addHook('onClose', async () => {
        await Promise.all([...push, delta].map((job) => job.stop()));
      });
      if (settings.standIn) await app.register(settings.standIn.plugin, { prefix: settings.standIn.prefix });
    }
    registerConnectionRoutes(app, context);
    registerConflictRoutes(app, context);
    registerNotificationRoutes(app, context);
  },
});
