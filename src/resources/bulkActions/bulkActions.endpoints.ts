import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { DueScopeQuery } from '../todos/dueItems.endpoints';
import { BulkAction, BulkJob, BulkMailPreview, BulkSelection, BulkTarget } from './bulkActionTypes';

const access = { groups: [GROUPS.kunde] };
const tags = ['Sammelaktionen'];

/** Starts a bulk action: the server resolves the selection and works it off in the background. */
export const startBulkAction = defineEndpoint({
  method: 'POST',
  path: 'bulkAction/start',
  access,
  tags,
  summary:
    'Sammelaktion starten (neuer Aufruf, nicht aus der bisherigen Anwendung): die Auswahl oder alle Treffer des Filters, je Datensatz ganz oder gar nicht',
  body: Type.Object(
    { target: BulkTarget, action: BulkAction, selection: BulkSelection },
    { additionalProperties: false },
  ),
  response: BulkJob,
  idempotent: true,
});

/** How far a job is, and what it refused. */
export const getBulkJob = defineEndpoint({
  method: 'GET',
  path: 'bulkAction/job/:id',
  access,
  tags,
  summary: 'Fortschritt und Bericht einer eigenen Sammelaktion (neuer Aufruf)',
  params: Type.Object({ id: Id() }),
  response: BulkJob,
});

/** The selection as an Excel file with the list export's columns, streamed; the server resolves the rows. */
export const exportBulkSelection = defineEndpoint({
  method: 'POST',
  path: 'bulkAction/export',
  access,
  tags,
  summary:
    'Auswahl als Excel-Datei (neuer Aufruf): die angehakten Kunden, Vorgänge bzw. Fälligen Labels oder alle Treffer des Filters, mit den Spalten des Listen-Exports',
  kind: 'file',
  body: Type.Object(
    {
      target: BulkTarget,
      selection: BulkSelection,
      // Ticked due labels are exported only as far as they are in the scope the screen showed.
      scope: Type.Optional(
        Type.Object(DueScopeQuery, {
          additionalProperties: false,
          description:
            'Fällige Labels: der Bereich der Liste (Meine, Filiale, ein Verkäufer) der angehakten Labels',
        }),
      ),
      // The Kunden list keeps its order beside the filter (the Vorgänge list's filter carries it).
      sort: Type.Optional(Type.String({ maxLength: 60, description: 'Sortierfeld der Kundenliste' })),
      order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    },
    { additionalProperties: false },
  ),
});

/** Before "Mail senden": how many get the mail, how many have no address, and what the first ones get. */
export const previewBulkMail = defineEndpoint({
  method: 'POST',
  path: 'bulkAction/mailPreview',
  access,
  tags,
  summary:
    'Vorschau von „Mail senden“ (neuer Aufruf): Anzahl der Empfänger, wie viele ohne E-Mail-Adresse, und die personalisierte Mail der ersten',
  body: Type.Object(
    {
      target: BulkTarget,
      templateId: Id(),
      selection: BulkSelection,
      refusedOffset: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 1_000_000,
          description: 'Die abgelehnten ab dieser Stelle nennen',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: BulkMailPreview,
});
