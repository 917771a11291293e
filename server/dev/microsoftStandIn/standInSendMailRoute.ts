import type { FastifyInstance } from 'fastify';
import { graphError } from './standInGraphError';
import { mailboxOf } from './standInGraphGuard';

/** Exchange Online's send limit: 30 messages a minute per mailbox. */
export const MESSAGES_PER_MINUTE = 30;

/** `sendMail` as JSON or base64 MIME, with the per-mailbox send limit. */
export function registerStandInSendMailRoute(app: FastifyInstance) {
  if (!app.hasContentTypeParser('text/plain')) {
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  app.post<{ Body: { message?: Record<string, unknown>; saveToSentItems?: boolean } | string }>(
    '/v1.0/me/sendMail',
    async (request, reply) => {
      const box = mailboxOf(request);
      const recent = box.sent.filter((sent) => sent.at > Date.now() - 60_000);
      if (recent.length >= MESSAGES_PER_MINUTE) {
        const wait = Math.max(1, Math.ceil((recent[0]!.at + 60_000 - Date.now()) / 1000));
        void reply.header('Retry-After', String(wait));
        return graphError(reply, 429, 'ErrorExceededMessageLimit', 'Message limit of 30 a minute exceeded.');
      }
      if (typeof request.body === 'string') {
        const mime = Buffer.from(request.body, 'base64').toString('utf8');
        if (!/^to:/im.test(mime))
          return graphError(reply, 400, 'ErrorMimeContentInvalid', 'The MIME content is invalid.');
        box.sent.push({ at: Date.now(), mime, saveToSentItems: true });
        return reply.code(202).send();
      }
      const message = request.body?.message;
      const to = (message?.toRecipients as unknown[] | undefined) ?? [];
      if (!message || to.length === 0) {
        return graphError(reply, 400, 'ErrorInvalidRecipients', 'At least one recipient is not valid.');
      }
      box.sent.push({ at: Date.now(), message, saveToSentItems: request.body?.saveToSentItems !== false });
      return reply.code(202).send();
    },
  );
}
