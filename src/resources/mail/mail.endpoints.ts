import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { MailPurposeSchema } from '../consent/consent.endpoints';

const access = { groups: [GROUPS.kunde] };
const tags = ['Kunden: E-Mail'];
const optionalId = () => Type.Optional(NullableInteger({ minimum: 1 }));

/**
 * A draft from a text template, its placeholders filled from the database; an advertising template's draft
 * ends with the unsubscribe lines (link masked) and is refused (400) for a customer without consent.
 */
export const prepareMailToCustomer = defineEndpoint({
  method: 'POST',
  path: 'mail/prepareMailToCustomer',
  access,
  tags,
  summary: 'Entwurf aus einer Textvorlage: Platzhalter mit Kunde, Vorgang und Absender gefüllt',
  body: Type.Object({ customerId: Id(), vorgangId: optionalId(), templateId: Id() }),
  response: Type.Object({
    to: NullableString(),
    subject: Type.String(),
    body: Type.String(),
    purpose: MailPurposeSchema(),
  }),
});

/**
 * Puts a mail to the customer into the Postausgang, which sends it (tried again when the mail server fails; a
 * failure shows on the timeline and in the Postausgang). A mail from an advertising template needs the
 * customer's consent (else 400) and leaves with an unsubscribe link.
 */
export const sendMailToCustomer = defineEndpoint({
  method: 'POST',
  path: 'mail/sendMailToCustomer',
  idempotent: true,
  access,
  tags,
  summary:
    'E-Mail an den Kunden in den Postausgang stellen; sie erscheint auf seiner Timeline (auch wenn sie scheitert)',
  limit: 'mail',
  body: Type.Object({
    customerId: Id(),
    vorgangId: optionalId(),
    templateId: optionalId(),
    to: Type.String({ maxLength: 200 }),
    subject: Type.String({ maxLength: 200 }),
    body: Type.String({ maxLength: 20000 }),
    /** Attaches the simplified offer of this Angebot (made on the server with the sender's settings). */
    simplifiedOfferBelegId: optionalId(),
    /** With the attached offer: a personal link to accept it online ("Online-Annahme ermöglichen"). */
    onlineOffer: Type.Optional(Type.Boolean()),
  }),
  response: Type.Object({
    id: Type.Integer(),
    /** Always "wartend": the outbox sends the mail in the background. */
    status: Type.Literal('wartend'),
  }),
});
