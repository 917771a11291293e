import Type from 'typebox';
import { defineEndpoint } from '../../../api/endpoint';
import { Id, IdParams, Timestamp, Typed, Version } from '../../../api/schemas';
import { GROUPS } from '../../../auth/groups';
import type { TimelinePage } from './timelineTypes';

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

/** One page of a customer's timeline, newest first; the next starts at `after`. */
export const getTimelineForCustomer = defineEndpoint({
  method: 'GET',
  path: 'kunde/getTimelineForCustomer/:id',
  access,
  tags,
  summary: 'Eine Seite der Timeline, neueste zuerst; die nächste mit after = next',
  params: IdParams,
  query: Type.Object({ after: Type.Optional(Type.String({ maxLength: 100 })) }),
  response: Typed<TimelinePage>(),
});

/** A note on the customer's timeline. */
export const postNoteToTimeline = defineEndpoint({
  method: 'POST',
  path: 'kunde/postNoteToTimeline',
  idempotent: true,
  access,
  tags,
  summary: 'Notiz auf die Timeline schreiben',
  body: Type.Object({ customerId: Id(), text: noteText() }),
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
