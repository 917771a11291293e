import fp from 'fastify-plugin';
import { mailSendDuration, mailSends, mailsInFlight } from '../metrics/metrics';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mails to customers (SMTP, or the built-in mail catcher when no server is configured). */
    mailer: Mailer;
    /** The address people reach the product at, for links in mails a background job sends (unsubscribe). */
    publicUrl: string;
  }
}

/** The mailer, counting each send for /metrics (sends wait for the server: in flight is the queue). */
function measured(mailer: Mailer): Mailer {
  return {
    via: mailer.via,
    useMailbox: (transport) => mailer.useMailbox(transport),
    async send(mail) {
      mailsInFlight.inc();
      const stop = mailSendDuration.startTimer();
      try {
        const sent = await mailer.send(mail);
        mailSends.inc({ via: sent.via, result: 'ok' });
        return sent;
      } catch (error) {
        mailSends.inc({ via: mailer.via, result: 'fehler' });
        throw error;
      } finally {
        stop();
        mailsInFlight.dec();
      }
    },
  };
}

/** Provides `app.mailer` for the given SMTP server (absent: the mail catcher) and `app.publicUrl`. */
export const mailerPlugin = fp<{ smtpUrl?: string; publicUrl: string }>(async (app, options) => {
  app.decorate('mailer', measured(createMailer(options.smtpUrl)));
  app.decorate('publicUrl', options.publicUrl);
});
