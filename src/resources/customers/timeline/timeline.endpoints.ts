import Type from 'typebox';
import { defineEndpoint } from '../../../api/endpoint';
import { Id, IdParams, NullableString, Timestamp, Version } from '../../../api/schemas';
import { GROUPS } from '../../../auth/groups';

const access = { groups: [GROUPS.kunde] };
const tags = ['Kunden: Timeline und Notizen'];
/** How long a note may be; the composer shows it with the count as the user types. */
export const NOTE_MAX_LENGTH = 5000;
const noteText = () => Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH, pattern: '\\S' });
const note = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  version: Type.Integer(),
  createdAt: Timestamp(),
});

/**
 * `aenderung`: only on a Vorgang's timeline, what a seller changed on it (vorgang_event); `automatik`: what an
 * automation's run did; `angebot`: what the customer did with an online offer (opened, asked, declined, accepted).
 */
const TIMELINE_KINDS = [
  'notiz',
  'aktivitaet',
  'beleg',
  'email',
  'nps',
  'status',
  'aenderung',
  'automatik',
  'angebot',
] as const;

/** One entry of a customer's or Vorgang's timeline; `at` is a Date on the server. */
export const TimelineItemSchema = Type.Object({
  kind: Type.Unsafe<(typeof TIMELINE_KINDS)[number]>({ type: 'string', enum: [...TIMELINE_KINDS] }),
  id: Type.Integer(),
  at: Timestamp(),
  text: NullableString(),
  author: NullableString(),
  version: Version(),
  own: Type.Boolean(),
  /** What the kind carries (Beleg number, mail subject, score …), serialized as it is. */
  details: Type.Record(Type.String(), Type.Unknown()),
  /** Where the next page starts when this is the last entry of a page. */
  cursor: Type.String(),
});

/** A page of a timeline (customer and Vorgang). */
export const TimelinePageSchema = Type.Object({
  items: Type.Array(TimelineItemSchema),
  next: NullableString(),
});

/** One page of a customer's timeline, newest first; the next starts at `after`. */
export const getTimelineForCustomer = defineEndpoint({
  method: 'GET',
  path: 'kunde/getTimelineForCustomer/:id',
  access,
  tags,
  summary: 'Eine Seite der Timeline, neueste zuerst; die nächste mit after = next',
  params: IdParams,
  query: Type.Object({ after: Type.Optional(Type.String({ maxLength: 100 })) }),
  response: TimelinePageSchema,
});

/** A note on the customer's timeline. */
export const postNoteToTimeline = defineEndpoint({
  method: 'POST',
  path: 'kunde/postNoteToTimeline',
  idempotent: true,
  access,
  tags,
  summary: 'Notiz auf die Timeline schreiben',
  body: Type.Object({
    customerId: Id(),
    text: noteText(),
    writtenAt: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          'Wann die Notiz geschrieben wurde (ISO), wenn sie später gesendet wird (offline); die Timeline zeigt diese Zeit',
      }),
    ),
  }),
  response: note,
});

/** Changes one's own note at the version read. */
export const updateNoteFromTimeline = defineEndpoint({
  method: 'PUT',
  path: 'kunde/updateNoteFromTimeline/:id',
  access,
  tags,
  summary: 'Eigene Notiz ändern (nur mit aktueller Version)',
  params: IdParams,
  body: Type.Object({ text: noteText(), version: Version() }),
  response: note,
});
