import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, IdParams, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import {
  CONSENT_NOTE_MAX,
  CONSENT_SOURCE_IDS,
  MAIL_PURPOSE_IDS,
  PERSON_SOURCE_IDS,
  type ConsentSource,
  type MailPurpose,
} from './consent.rules';

// Whoever works with the customer sees and records the customer's consent.
const access = { groups: [GROUPS.kunde] };
const tags = ['Kunden: Einwilligung'];

/** One of a list of texts, typed as that list's union. */
const oneOf = <T extends string>(values: readonly T[], options: object = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** What a text template's mails are for: service or werbung. */
export const MailPurposeSchema = (options: object = {}) => oneOf<MailPurpose>(MAIL_PURPOSE_IDS, options);

/** One grant or withdrawal of consent to advertising by e-mail. */
export const ConsentEntry = Type.Object({
  id: Type.Integer(),
  granted: Type.Boolean({ description: 'true: Einwilligung erteilt, false: widerrufen' }),
  source: oneOf<ConsentSource>(CONSENT_SOURCE_IDS),
  givenOn: NullableString({
    description: 'Tag, an dem der Kunde sie gab oder widerrief (JJJJ-MM-TT), falls bekannt',
  }),
  note: NullableString(),
  mailSubject: NullableString({ description: 'Betreff der E-Mail, deren Abmeldelink sie widerrief' }),
  recordedAt: Timestamp(),
  recordedBy: Type.String({ description: 'Wer sie erfasst hat (bei einer Abmeldung: der Kunde)' }),
});
export type ConsentEntry = Static<typeof ConsentEntry>;

/** A customer's consent to advertising by e-mail now, and every record of it, newest first. */
export const CustomerConsent = Type.Object({
  granted: Type.Boolean({ description: 'Ob Werbung per E-Mail jetzt an den Kunden gehen darf' }),
  history: Type.Array(ConsentEntry),
});
export type CustomerConsent = Static<typeof CustomerConsent>;

/** The customer's consent to advertising by e-mail with its history. */
export const getCustomerConsent = defineEndpoint({
  method: 'GET',
  path: 'consent/getCustomerConsent/:id',
  access,
  tags,
  summary: 'Einwilligung des Kunden in Werbung per E-Mail, mit jeder Erteilung und jedem Widerruf',
  params: IdParams,
  response: CustomerConsent,
});

/** Records that the customer gave (or withdrew) consent: how, on which day, with a note. */
export const recordConsent = defineEndpoint({
  method: 'POST',
  path: 'consent/recordConsent',
  idempotent: true,
  access,
  tags,
  summary: 'Einwilligung in Werbung per E-Mail oder ihren Widerruf erfassen (wie, an welchem Tag, Notiz)',
  body: Type.Object(
    {
      customerId: Id(),
      granted: Type.Boolean(),
      source: oneOf<ConsentSource>(PERSON_SOURCE_IDS, {
        description: 'Wie: schriftlich, email, webformular, muendlich',
      }),
      givenOn: Type.String({
        format: 'date',
        description: 'An welchem Tag (JJJJ-MM-TT), nicht in der Zukunft',
      }),
      note: Type.Optional(NullableString({ maxLength: CONSENT_NOTE_MAX })),
    },
    { additionalProperties: false },
  ),
  response: CustomerConsent,
});

// No length rule on the token: a cut or mistyped link gets the same friendly 404 as any other unknown link.
const TokenParams = Type.Object({ token: Type.String() });

/**
 * Public: withdraws consent to advertising by e-mail. The page calls it with JSON; a mail program's one-click
 * unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` as a form to the same address. A repeat changes
 * nothing and says so.
 */
export const unsubscribe = defineEndpoint({
  method: 'POST',
  path: 'abmelden/:token',
  access: { public: true },
  tags,
  summary:
    'Öffentlich: Einwilligung in Werbung per E-Mail widerrufen (Abmeldeseite oder Ein-Klick-Abmeldung nach RFC 8058)',
  params: TokenParams,
  body: Type.Optional(Type.Unknown()),
  response: Type.Object({
    company: NullableString(),
    withdrawn: Type.Boolean({ description: 'true: jetzt widerrufen; false: war schon widerrufen' }),
  }),
});
