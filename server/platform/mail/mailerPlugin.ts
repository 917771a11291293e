import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mails to customers (SMTP, or the built-in mail catcher when no server is configured). */
    mailer: Mailer;
  }
}

/** Provides `app.mailer` for the given SMTP server (absent: the mail catcher). */
export const mailerPlugin = fp<{ smtpUrl?: string }>(async (app, options) => {
  app.decorate('mailer', createMailer(options.smtpUrl));
});
