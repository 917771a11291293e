import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, IdParams, NullableInteger, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { TimelinePageSchema } from '../customers/timeline/timeline.endpoints';
import { StoredFileSchema } from '../files/files.endpoints';
import {
  PlanDbSchema,
  StatusChangeSchema,
  VorgangDetailSchema,
  VorgangLabelSchema,
} from './vorgangPageTypes';

const access = { groups: [GROUPS.kunde] };
const tags = ['Vorgänge: ein Vorgang'];
/** A company day as yyyy-MM-dd. */
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * One Vorgang with header, labels, Belege, positions and Beleg notes (a path of our own; the client's API has
 * none).
 */
export const getVorgang = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getVorgang/:id',
  access,
  tags,
  summary:
    'Ein Vorgang mit Kopfdaten, Labels, Belegen, Positionen und Beleg-Notizen (neuer Aufruf, nicht aus der bisherigen Anwendung)',
  params: IdParams,
  response: VorgangDetailSchema,
});

/**
 * Sets the Eigener Status, i.e. moves the Vorgang into that column of the board before `beforeVorgangId`
 * (at the end when absent or null); the column is renumbered 1..n in one transaction.
 */
export const setCustomStatusForVorgang = defineEndpoint({
  method: 'POST',
  path: 'vorgang/setCustomStatusForVorgang',
  access,
  tags,
  summary:
    'Eigenen Status setzen = in diese Spalte der Kartenansicht verschieben, vor beforeVorgangId (sonst ans Ende); nur mit aktueller Version',
  body: Type.Object({
    vorgangId: Id(),
    customStatusId: NullableInteger({ minimum: 1 }),
    version: Version(),
    beforeVorgangId: Type.Optional(NullableInteger({ minimum: 1 })),
    // The Vorgang's page says 'page': its history and a later stale change then say "geändert", not "verschoben".
    via: Type.Optional(Type.Union([Type.Literal('board'), Type.Literal('page')])),
  }),
  response: Type.Object({
    id: Type.Integer(),
    version: Type.Integer(),
    customStatusId: NullableInteger(),
    boardPosition: Type.Integer(),
  }),
});

/** Adds or removes a label of the Vorgang, or changes its due date, at the Vorgang's version. */
export const changeLabelOfVorgang = defineEndpoint({
  method: 'POST',
  path: 'vorgang/changeLabelOfVorgang',
  idempotent: true,
  access,
  tags,
  summary:
    'Label hinzufügen (fällig nach den Tagen des Labels oder am angegebenen Datum), entfernen oder sein Fälligkeitsdatum ändern; nur mit aktueller Version',
  body: Type.Object({
    vorgangId: Id(),
    version: Version(),
    labelId: Id(),
    action: Type.Union([Type.Literal('add'), Type.Literal('remove'), Type.Literal('setDueDate')]),
    /** add: instead of the label's default; setDueDate: the new date, null for none. */
    dueDate: Type.Optional(NullableString({ pattern: DAY_PATTERN, description: 'Datum (JJJJ-MM-TT)' })),
  }),
  response: Type.Object({ version: Version(), labels: Type.Array(VorgangLabelSchema) }),
});

/** A note on a Beleg (Beleg-Interaktion), by the caller. */
export const addNoteToBelegInteraction = defineEndpoint({
  method: 'POST',
  path: 'vorgang/addNoteToBelegInteraction',
  idempotent: true,
  access,
  tags,
  summary: 'Notiz zu einem Beleg (Beleg-Interaktion) mit Verfasser und Zeit',
  body: Type.Object({ belegId: Id(), text: Type.String({ maxLength: 5000 }) }),
  response: Type.Object({
    id: Type.Integer(),
    text: Type.String(),
    author: NullableString(),
    createdAt: Timestamp(),
  }),
});

/** The planned margin of the current offer from its positions and the articles' costs. */
export const caluclatePlanDBForVorgang = defineEndpoint({
  method: 'GET',
  path: 'vorgang/caluclatePlanDBForVorgang/:id',
  access,
  tags,
  summary:
    'Plan-DB des aktuellen Angebots aus Positionen und Artikelkosten: Umsatz, Kosten, DB, %, Positionen ohne Kosten',
  params: IdParams,
  response: PlanDbSchema,
});

/** Marks the Vorgang lost with a Verlustgrund, or (lostReason null) takes it back into its Belege' status. */
export const setLostForVorgang = defineEndpoint({
  method: 'POST',
  path: 'vorgang/setLostForVorgang',
  access,
  tags,
  summary:
    'Vorgang als verloren markieren (mit Verlustgrund) oder zurückholen (lostReason null; Status wieder aus den Belegen); neuer Aufruf, nicht aus der bisherigen Anwendung',
  body: Type.Object({
    vorgangId: Id(),
    version: Version(),
    lostReason: NullableString({ maxLength: 80 }),
  }),
  response: Type.Object({ version: Type.Integer(), systemStatus: Type.String() }),
});

/**
 * The seller's estimate before the ERP sends a Beleg: expected value (net, in cents) while the
 * Vorgang has no Beleg, expected order day while it is open (Anfrage, Angebot); null clears one. Only with the
 * current version (409 when stale).
 */
export const setExpectedValueForVorgang = defineEndpoint({
  method: 'POST',
  path: 'vorgang/setExpectedValueForVorgang',
  access,
  tags,
  summary:
    'Erwarteten Wert (netto in Cent, solange kein Beleg existiert) und erwarteten Auftrag (solange offen) setzen; nur mit aktueller Version (neuer Aufruf, nicht aus der bisherigen Anwendung)',
  body: Type.Object({
    vorgangId: Id(),
    version: Version(),
    expectedValueCents: NullableInteger({ minimum: 0, maximum: 99_999_999_999 }),
    expectedOrderDate: NullableString({ pattern: DAY_PATTERN, description: 'Datum (JJJJ-MM-TT)' }),
  }),
  response: Type.Object({
    version: Type.Integer(),
    expectedValueCents: NullableInteger(),
    expectedOrderDate: NullableString(),
  }),
});

/** Gives the Vorgang another Verkäufer (an active user), or none; written in its history. */
export const setSellerForVorgang = defineEndpoint({
  method: 'POST',
  path: 'vorgang/setSellerForVorgang',
  access,
  tags,
  summary:
    'Verkäufer des Vorgangs ändern (aktiver Benutzer oder null); nur mit aktueller Version; neuer Aufruf, nicht aus der bisherigen Anwendung',
  body: Type.Object({
    vorgangId: Id(),
    version: Version(),
    sellerUserId: NullableInteger({ minimum: 1 }),
  }),
  response: Type.Object({ version: Type.Integer(), seller: Type.Union([Type.String(), Type.Null()]) }),
});

/** Who may be a Vorgang's Verkäufer: active users with customer access, those of the branch first. */
export const getSellerOptions = defineEndpoint({
  method: 'GET',
  path: 'vorgang/sellerOptions',
  access,
  tags,
  summary:
    'Mögliche Verkäufer: aktive Benutzer mit Zugriff auf Kunden (APP_KUNDE), die der Filiale des Vorgangs (sonst der eigenen) zuerst (neuer Aufruf)',
  query: Type.Object({ vorgangId: Type.Optional(Id()) }),
  response: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      branchId: Type.Union([Type.Integer(), Type.Null()]),
      branchName: NullableString(),
      /** Of the Vorgang's branch (without a Vorgang: the caller's). */
      sameBranch: Type.Boolean(),
    }),
  ),
});

/** The active Verlustgründe (Stammdaten category "verlustgrund"), in their order. */
export const getLostReasons = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getLostReasons',
  access,
  tags,
  summary: 'Die aktiven Verlustgründe aus den Stammdaten (neuer Aufruf, nicht aus der bisherigen Anwendung)',
  response: Type.Array(Type.String()),
});

/** The Vorgang's history: Beleg notes, activities, Belege, e-mails and status changes, newest first. */
export const getTimelineForVorgang = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getTimelineForVorgang/:id',
  access,
  tags,
  summary:
    'Timeline des Vorgangs: Beleg-Notizen, Aktivitäten, Belege, E-Mails, Statuswechsel (neuer Aufruf, nicht aus der bisherigen Anwendung)',
  params: IdParams,
  query: Type.Object({ after: Type.Optional(Type.String({ maxLength: 100 })) }),
  response: TimelinePageSchema,
});

/** The Vorgang's status changes, newest first. */
export const getStatusHistoryForVorgang = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getStatusHistoryForVorgang/:id',
  access,
  tags,
  summary: 'Statusverlauf des Vorgangs, neueste zuerst (neuer Aufruf, nicht aus der bisherigen Anwendung)',
  params: IdParams,
  response: Type.Array(StatusChangeSchema),
});

/** Attaches a file to a Vorgang (multipart field "file"; type and size are checked as on the customer). */
export const uploadVorgangFile = defineEndpoint({
  method: 'POST',
  path: 'vorgang/uploadFile/:id',
  idempotent: true,
  access,
  tags,
  summary: 'Datei an einen Vorgang hängen (multipart, Feld "file"; Typ und Größe werden geprüft)',
  kind: 'upload',
  params: IdParams,
  response: StoredFileSchema,
});

/** The files of a Vorgang, newest first (download and delete as on the customer: kunde/downloadFile …). */
export const getFilesForVorgang = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getFilesForVorgang/:id',
  access,
  tags,
  summary: 'Die Dateien des Vorgangs, neueste zuerst (neuer Aufruf, nicht aus der bisherigen Anwendung)',
  params: IdParams,
  response: Type.Array(StoredFileSchema),
});
