import type { FastifyInstance } from 'fastify';
import type { StandInControl } from './microsoftStandIn';

/**
 * A look into the development stand-in (no Microsoft API): the events and sent mails of a mailbox, and moving or
 * making an event as the person would in Outlook. The browser tests use it against the product they run.
 */
export function registerStandInPages(app: FastifyInstance, control: () => StandInControl) {
  app.get<{ Querystring: { mail?: string } }>('/_standin/mailbox', async (request, reply) => {
    const box = control().state.mailboxByMail(request.query.mail ?? '');
    if (!box) return reply.code(404).send({ message: 'Kein Postfach mit dieser Adresse' });
    return {
      mail: box.mail,
      consented: [...box.consented],
      events: control().state.eventsOf(box.oid),
      sent: box.sent.map((sent) => ({
        at: new Date(sent.at).toISOString(),
        message: sent.message,
        mime: sent.mime,
      })),
    };
  });
  app.post<{ Body: { mail: string; eventId: string; start: string; end: string } }>(
    '/_standin/move',
    async (request, reply) => {
      const box = control().state.mailboxByMail(request.body.mail);
      if (!box) return reply.code(404).send({ message: 'Kein Postfach mit dieser Adresse' });
      control().moveInOutlook(box.oid, request.body.eventId, request.body.start, request.body.end);
      return { moved: true };
    },
  );
  app.post<{
    Body: { mail: string; subject: string; start: string; end: string; attendee: string };
  }>('/_standin/create', async (request, reply) => {
    const box = control().state.mailboxByMail(request.body.mail);
    if (!box) return reply.code(404).send({ message: 'Kein Postfach mit dieser Adresse' });
    const { subject, start, end, attendee } = request.body;
    // As Graph keeps them: UTC wall clock without the Z.
    const utc = (instant: string) => ({
      dateTime: new Date(instant).toISOString().replace('Z', ''),
      timeZone: 'UTC',
    });
    const event = control().createInOutlook(box.oid, {
      subject,
      start: utc(start),
      end: utc(end),
      attendees: [{ type: 'required', emailAddress: { address: attendee } }],
    });
    return { id: event.id };
  });
}
