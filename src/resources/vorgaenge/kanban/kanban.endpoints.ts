import Type from 'typebox';
import { defineEndpoint } from '../../../api/endpoint';
import { Id } from '../../../api/schemas';
import { GROUPS } from '../../../auth/groups';
import { KanbanBoardSchema, KanbanPageSchema } from './kanbanTypes';

const access = { groups: [GROUPS.kunde] };
const tags = ['Vorgänge: Kartenansicht'];

/** The board's filters, as on the Vorgänge list (kept in the URL). */
const boardFilter = {
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'Suche: Vorgangsnummer, Bezeichnung, Kundenname' }),
  ),
  mine: Type.Optional(Type.Boolean({ description: 'nur Vorgänge, deren Verkäufer der Aufrufer ist' })),
  sellerUserId: Type.Optional(Id()),
  branchId: Type.Optional(Id()),
  labelId: Type.Optional(Id()),
};

/** Every column (Ohne Status, then the active Eigene Status in board order) with its first cards and totals. */
export const getKanban = defineEndpoint({
  method: 'GET',
  path: 'vorgang/kanban',
  access,
  tags,
  summary:
    'Kartenansicht: je Spalte (Ohne Status, dann die aktiven eigenen Status in Board-Reihenfolge) die ersten Karten, Anzahl und Summe netto',
  query: Type.Object({
    ...boardFilter,
    perColumn: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Karten je Spalte' })),
  }),
  response: KanbanBoardSchema,
});

/** The next cards of one column after a board position (as the column is scrolled). */
export const getKanbanPage = defineEndpoint({
  method: 'GET',
  path: 'vorgang/kanban-page',
  access,
  tags,
  summary: 'Kartenansicht: weitere Karten einer Spalte nach einer Board-Position',
  query: Type.Object({
    ...boardFilter,
    customStatusId: Type.Integer({
      minimum: 0,
      description: 'Spalte: Id des eigenen Status, 0 = Ohne Status',
    }),
    // No minimum: new Vorgänge go above the column's first card (min - 1, migration 0028), also below 1.
    afterPosition: Type.Integer({ description: 'Board-Position der letzten geladenen Karte' }),
    afterId: Type.Optional(
      Id({
        description:
          'Id der letzten geladenen Karte: mit afterPosition lückenlos auch bei gleicher Board-Position (neue Vorgänge)',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: KanbanPageSchema,
});

/**
 * The board's live changes as Server-Sent Events (a path of our own): `event: moved` with a `KanbanMoveEvent`
 * as data and its `eventId` as SSE `id`; `event: reload` when the events since `Last-Event-ID` are no longer
 * kept (read the board again); a comment line every 15 s keeps the connection open. Read it with fetch and
 * the bearer token (EventSource cannot send it); resume with the `Last-Event-ID` header or `lastEventId`.
 */
export const getKanbanEvents = defineEndpoint({
  method: 'GET',
  path: 'vorgang/kanban-events',
  access,
  tags,
  summary:
    'Kartenansicht live (neuer Aufruf, nicht aus der bisherigen Anwendung): Server-Sent Events „moved“ (KanbanMoveEvent) und „reload“; Wiederaufnahme mit Last-Event-ID',
  query: Type.Object({
    lastEventId: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,18}$',
        description: 'wie der Header Last-Event-ID: Ereignisse danach',
      }),
    ),
  }),
  kind: 'stream',
});
