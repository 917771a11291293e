import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableObject, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.admin] };
const tags = ['Datenabgleich'];

const SyncStatusSchema = Type.Object({
  folder: Type.String(),
  files: Type.Array(
    Type.Object({ file: Type.String(), label: Type.String(), size: Type.Integer(), modifiedAt: Timestamp() }),
  ),
  run: NullableObject(
    Type.Object({
      id: Type.Integer(),
      state: Type.Union([Type.Literal('laeuft'), Type.Literal('fertig'), Type.Literal('fehler')]),
      processed: Type.Integer(),
      total: Type.Integer(),
      currentFile: NullableString(),
      created: Type.Integer(),
      updated: Type.Integer(),
      unchanged: Type.Integer(),
      rejected: Type.Integer(),
      suppressed: Type.Integer({
        description: 'Zeilen nach Art. 17 DSGVO gelöschter Personen (Löschliste), übersprungen',
      }),
      startedBy: NullableString(),
      startedAt: Timestamp(),
      finishedAt: NullableString(),
      error: NullableString(),
    }),
  ),
});
/** The import folder and the latest sync run. */
export type SyncStatus = Type.Static<typeof SyncStatusSchema>;
/** A data sync run. */
export type SyncRun = NonNullable<SyncStatus['run']>;

/** The import folder with its files and the latest run (progress, counts, error). */
export const getSyncStatus = defineEndpoint({
  method: 'GET',
  path: 'etl/sync/status',
  access,
  tags,
  summary: 'Importordner mit den gefundenen Dateien und der letzte Abgleich (Fortschritt, Zahlen, Fehler)',
  response: SyncStatusSchema,
});

/** Starts the sync with the ERP export in the background (409 while one runs). */
export const startSync = defineEndpoint({
  method: 'POST',
  path: 'etl/sync/daten',
  limit: 'sync',
  access,
  tags,
  summary:
    'Abgleich mit dem ERP-Export im Importordner starten (im Hintergrund; läuft schon einer: 409). ' +
    'logging=true protokolliert auch jede angelegte oder geänderte Zeile.',
  query: Type.Object({ logging: Type.Optional(Type.Boolean({ default: false })) }),
  response: SyncStatusSchema,
});

/** One page of a sync run's log (onlyProblems: warnings and rejected rows only). */
export const getSyncLog = defineEndpoint({
  method: 'GET',
  path: 'etl/sync/log',
  access,
  tags,
  summary: 'Protokoll eines Abgleichs, seitenweise (onlyProblems: nur Warnungen und abgelehnte Zeilen)',
  query: Type.Object({
    runId: Id(),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    onlyProblems: Type.Optional(Type.Boolean({ default: false })),
  }),
  response: Type.Object({
    total: Type.Integer(),
    data: Type.Array(
      Type.Object({
        id: Type.Integer(),
        level: Type.Union([Type.Literal('info'), Type.Literal('warnung'), Type.Literal('fehler')]),
        file: NullableString(),
        line: NullableInteger(),
        message: Type.String(),
        loggedAt: Timestamp(),
      }),
    ),
  }),
});
