import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString } from '../../api/schemas';

const tags = ['Angebot online (öffentlich)'];
const access = { public: true } as const;
// No length rule on the token: a cut link gets the same friendly 404 as any other bad link.
const TokenParams = Type.Object({ token: Type.String() });

const Text = Type.Object({ id: Id(), body: Type.String() });

/** Public: what the offer page shows of a valid link; each call counts as an opening. */
export const getPublicOffer = defineEndpoint({
  method: 'GET',
  path: 'angebot/:token',
  access,
  limit: 'publicLink',
  tags,
  summary: 'Öffentlich: das Angebot zu einem gültigen Link (zählt als Öffnung)',
  params: TokenParams,
  response: Type.Object({
    company: NullableString(),
    addressee: NullableString(),
    belegNumber: Type.String(),
    vorgangTitle: Type.String(),
    validUntil: Type.String({ description: 'yyyy-MM-dd' }),
    fileName: Type.String(),
    maskedEmail: Type.String({ description: 'Wohin der Bestätigungscode geht, teilweise verdeckt' }),
    consumer: Type.Boolean({ description: 'Privatkunde: Widerrufsbelehrung und Formular werden gezeigt' }),
    agb: Text,
    widerruf: Type.Union([Text, Type.Null()]),
    formular: Type.Union([Text, Type.Null()]),
  }),
});

/** Public: the offer's PDF exactly as it was mailed. */
export const getPublicOfferPdf = defineEndpoint({
  method: 'GET',
  path: 'angebot/:token/pdf',
  access,
  limit: 'publicLink',
  tags,
  summary: 'Öffentlich: das PDF des Angebots, wie es gesendet wurde',
  kind: 'file',
  params: TokenParams,
});

/** Public: sends a one-time code to the link's address. */
export const requestOfferCode = defineEndpoint({
  method: 'POST',
  path: 'angebot/:token/code',
  access,
  limit: 'publicLink',
  tags,
  summary: 'Öffentlich: einen Bestätigungscode an die E-Mail-Adresse des Angebots senden',
  params: TokenParams,
  response: Type.Object({ maskedEmail: Type.String(), validMinutes: Type.Integer() }),
});

/** Public: the acceptance, with the name typed, the texts confirmed and the code from the mail. */
export const acceptOffer = defineEndpoint({
  method: 'POST',
  path: 'angebot/:token/annehmen',
  access,
  limit: 'publicLink',
  tags,
  summary: 'Öffentlich: Angebot annehmen (Name, Bestätigung der Texte, Code aus der E-Mail)',
  params: TokenParams,
  body: Type.Object({
    name: Type.Optional(Type.Unknown()),
    confirmed: Type.Optional(Type.Unknown()),
    code: Type.Optional(Type.Unknown()),
    agbVersionId: Type.Optional(NullableInteger()),
    widerrufVersionId: Type.Optional(NullableInteger()),
    formularVersionId: Type.Optional(NullableInteger()),
  }),
  response: Type.Object({
    widerrufUntil: NullableString({ description: 'Letzter Tag der Widerrufsfrist (yyyy-MM-dd)' }),
  }),
});

/** Public: a question to the seller. */
export const askAboutOffer = defineEndpoint({
  method: 'POST',
  path: 'angebot/:token/rueckfrage',
  access,
  limit: 'publicLink',
  tags,
  summary: 'Öffentlich: eine Rückfrage zum Angebot an den Verkäufer',
  params: TokenParams,
  body: Type.Object({ message: Type.Optional(Type.Unknown()) }),
  response: Type.Object({ saved: Type.Boolean() }),
});

/** Public: the customer declines, with an optional reason. */
export const declineOffer = defineEndpoint({
  method: 'POST',
  path: 'angebot/:token/ablehnen',
  access,
  limit: 'publicLink',
  tags,
  summary: 'Öffentlich: Angebot ablehnen (Grund freiwillig)',
  params: TokenParams,
  body: Type.Object({ reason: Type.Optional(Type.Unknown()) }),
  response: Type.Object({ saved: Type.Boolean() }),
});
