import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.nps] };
const tags = ['NPS: Umfrage'];
const optionalId = () => Type.Optional(NullableInteger({ minimum: 1 }));

/** The link placeholder a survey template must hold; filled with the customer's personal link on sending. */
export const SURVEY_LINK_PLACEHOLDER = '{{Umfrage-Link}}';

/** A draft of the survey mail from a text template (the link stays a placeholder until it is sent). */
export const prepareNpsSurvey = defineEndpoint({
  method: 'POST',
  path: 'nps/prepareSurvey',
  access,
  tags,
  summary:
    'Entwurf der Umfrage-Mail aus einer Textvorlage mit {{Umfrage-Link}} (ohne id: die erste passende)',
  body: Type.Object({ customerId: Id(), vorgangId: optionalId(), templateId: optionalId() }),
  response: Type.Object({
    to: NullableString(),
    subject: Type.String(),
    body: Type.String(),
    templateId: NullableInteger(),
    templates: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
});

/**
 * Puts the survey mail with a new single-use link into the Postausgang, which sends it; the mail shows on the
 * timeline and in the Postausgang with the link masked, only the sent mail holds it.
 */
export const sendNpsSurvey = defineEndpoint({
  method: 'POST',
  path: 'nps/sendSurvey',
  access,
  tags,
  summary:
    'Umfrage-Mail mit einem neuen, einmaligen Link in den Postausgang stellen (läuft nach 30 Tagen ab)',
  body: Type.Object({
    customerId: Id(),
    vorgangId: optionalId(),
    templateId: optionalId(),
    to: Type.String({ maxLength: 200 }),
    subject: Type.String({ maxLength: 200 }),
    body: Type.String({ maxLength: 20000 }),
  }),
  response: Type.Object({
    mailId: Type.Integer(),
    /** The personal link, for the sender to pass on another way if the mail does not arrive. */
    surveyUrl: Type.String(),
    expiresOn: Type.String(),
  }),
});

// No length rule on the token: a cut or mistyped link must get the same friendly 404 as any other bad link,
// not a technical "token: mindestens 20 Zeichen" (the handler only hashes it; the rate limit slows guessing).
const TokenParams = Type.Object({ token: Type.String() });

/** Public: what the survey page may show (Anrede and last name only), while the link is valid. */
export const getSurvey = defineEndpoint({
  method: 'GET',
  path: 'umfrage/:token',
  access: { public: true },
  limit: 'publicLink',
  tags,
  summary:
    'Öffentlich: die Umfrage zu einem gültigen Link (nur Anrede und Nachname des Kunden, Firmenname des Absenders)',
  params: TokenParams,
  response: Type.Object({
    addressee: NullableString({
      description: 'Wie die Seite den Kunden grüßt: „Frau Dr. Schwandke“; null ohne persönliche Anrede',
    }),
    company: NullableString(),
  }),
});

/** Public: the customer's answer; the link is used up with it. */
export const answerSurvey = defineEndpoint({
  method: 'POST',
  path: 'umfrage/:token',
  access: { public: true },
  limit: 'publicLink',
  tags,
  summary: 'Öffentlich: die Antwort des Kunden (0–10 und Kommentar); danach ist der Link verbraucht',
  params: TokenParams,
  body: Type.Object({ score: Type.Optional(Type.Unknown()), comment: Type.Optional(Type.Unknown()) }),
  response: Type.Object({ saved: Type.Boolean() }),
});
