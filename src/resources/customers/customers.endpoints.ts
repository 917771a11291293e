import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, IdParams, NullableObject, NullableString, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.kunde] };

/**
 * A customer as its declaration's endpoints answer it: every field of customer.entity.ts besides id and
 * version, serialized as they are (as the entity routes' record schema does).
 */
const CustomerRecordSchema = Type.Object(
  { id: Type.Integer(), version: Version() },
  { additionalProperties: true, description: 'Der Kunde, wie kunde/getSingleCustomer ihn liefert' },
);
export type CustomerRecord = Type.Static<typeof CustomerRecordSchema> & Record<string, unknown>;
const tags = ['Kunden'];

/** One field of a customer changed in place (also labelIds), at the version shown. */
export const updateCustomerField = defineEndpoint({
  method: 'POST',
  path: 'kunde/updateCustomerField',
  // A repeat of a send whose answer was lost (the offline outbox) answers the first answer, not a 409.
  idempotent: true,
  access,
  tags,
  summary:
    'Ein Feld des Kunden direkt ändern (auch labelIds), mit aktueller Version oder unverändertem Feld (expectedValue)',
  body: Type.Object({
    id: Id(),
    version: Version(),
    field: Type.String(),
    value: Type.Optional(Type.Unknown()),
    expectedValue: Type.Optional(
      Type.Unknown({
        description:
          'Der Wert des Feldes, wie der Aufrufer ihn sah: ist die Version veraltet, das Feld aber seither ' +
          'unverändert (jemand änderte nur andere Felder), wird die Änderung gespeichert statt 409',
      }),
    ),
  }),
  response: CustomerRecordSchema,
});

/** The labels an activity reason brings, given to the customer (existing ones stay). */
export const updateCustomerLabelsForActivityReason = defineEndpoint({
  method: 'POST',
  path: 'kunde/updateCustomerLabelsForActivityReason',
  access,
  tags,
  summary: 'Dem Kunden die Labels geben, die ein Grund mitbringt (schon vorhandene bleiben)',
  body: Type.Object({ customerId: Id(), reasonId: Id() }),
  response: Type.Object({ added: Type.Array(Type.String()) }),
});

const PossibleDuplicateSchema = Type.Object({
  id: Type.Integer(),
  displayName: Type.String(),
  customerNumber: NullableString(),
  zip: NullableString(),
  city: NullableString(),
  /** Why, from the duplicate score: "gleiche E-Mail-Adresse", "ähnlicher Name, gleiche PLZ" … */
  reason: Type.String(),
});
/** An existing customer that is likely the one being typed in. */
export type PossibleDuplicate = Type.Static<typeof PossibleDuplicateSchema>;

/** Likely duplicates of a customer being typed in. */
export const possibleDuplicates = defineEndpoint({
  method: 'GET',
  path: 'kunde/possibleDuplicates',
  access,
  tags,
  summary:
    'Wahrscheinliche Dubletten nach derselben Bewertung wie die Dublettenliste: E-Mail, Telefonnummer oder Name bei gleicher PLZ',
  query: Type.Object({
    email: Type.Optional(Type.String({ maxLength: 120 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    firstName: Type.Optional(Type.String({ maxLength: 80 })),
    lastName: Type.Optional(Type.String({ maxLength: 80 })),
    street: Type.Optional(Type.String({ maxLength: 120 })),
    companyName: Type.Optional(Type.String({ maxLength: 120 })),
    zip: Type.Optional(Type.String({ maxLength: 10 })),
    country: Type.Optional(Type.String({ maxLength: 2 })),
    excludeId: Type.Optional(Id()),
  }),
  response: Type.Array(PossibleDuplicateSchema),
});

/** The filtered, sorted customer list as an Excel file, streamed. */
export const exportCustomers = defineEndpoint({
  method: 'GET',
  path: 'kunde/exportExcel',
  access,
  tags,
  summary: 'Alle gefilterten Kunden als Excel-Datei (gestreamt, ohne Obergrenze)',
  kind: 'file',
  query: Type.Object({
    sort: Type.Optional(Type.String()),
    order: Type.Optional(
      Type.Union([Type.Literal('ASC'), Type.Literal('DESC'), Type.Literal('asc'), Type.Literal('desc')]),
    ),
    /** react-admin's filter values as JSON. */
    filter: Type.Optional(Type.String()),
  }),
});

/** A position of a Beleg (customer page, Vorgang page, offer PDF). */
export const PositionSchema = Type.Object({
  id: Type.Integer(),
  version: Version(),
  posNr: Type.Integer(),
  articleNumber: NullableString(),
  description: Type.String(),
  customDescription: NullableString(),
  quantity: Type.Number(),
  unit: Type.String(),
  unitPriceCents: Type.Integer(),
  totalCents: Type.Integer(),
});

/** A Beleg with its positions; `belegDate` is yyyy-MM-dd. */
export const BelegSchema = Type.Object({
  id: Type.Integer(),
  belegNumber: Type.String(),
  belegType: Type.String(),
  belegDate: Type.String(),
  netCents: Type.Integer(),
  positions: Type.Array(PositionSchema),
});

/** The end customer of a Vorgang, or null. */
export const EndCustomerSummarySchema = NullableObject(
  Type.Object({ id: Type.Integer(), name: Type.String(), city: NullableString() }),
);

/** A Vorgang of the customer as kunde/getVorgaengeForCustomer sends it. */
export const CustomerVorgangSchema = Type.Object({
  id: Type.Integer(),
  version: Version(),
  vorgangNumber: Type.String(),
  title: Type.String(),
  systemStatus: Type.String(),
  customStatus: NullableString(),
  customStatusColor: NullableString(),
  netTotalCents: Type.Number(),
  seller: NullableString(),
  endCustomer: EndCustomerSummarySchema,
  belege: Type.Array(BelegSchema),
});

/** The customer's Vorgänge with Belege and positions. */
export const getVorgaengeForCustomer = defineEndpoint({
  method: 'GET',
  path: 'kunde/getVorgaengeForCustomer/:id',
  access,
  tags,
  summary: 'Die Vorgänge des Kunden mit Status, Volumen, Endkunde, Belegen und Positionen',
  params: IdParams,
  response: Type.Array(CustomerVorgangSchema),
});

/** A new Endkunde for one of the customer's Vorgänge, at the Vorgang's version. */
export const addEndkundeToVorgang = defineEndpoint({
  method: 'POST',
  path: 'kunde/addEndkundeToVorgang',
  access,
  tags,
  summary: 'Einem Vorgang des Kunden einen neuen Endkunden geben (nur mit aktueller Version des Vorgangs)',
  body: Type.Object({
    customerId: Id(),
    vorgangId: Id(),
    version: Version(),
    /** Checked by the Endkunde form's rules (endCustomer.form.ts), with German messages per field. */
    endCustomer: Type.Record(Type.String(), Type.Unknown()),
  }),
  response: Type.Object({ endCustomerId: Type.Integer(), version: Type.Integer() }),
});

/** The seller's own text for a Beleg position (empty: the ERP's text again). */
export const addCustomDescriptionToPosNr = defineEndpoint({
  method: 'POST',
  path: 'kunde/addCustomDescriptionToPosNr',
  access,
  tags,
  summary: 'Eigener Text zu einer Belegposition (leer: wieder der Text aus dem ERP)',
  body: Type.Object({
    customerId: Id(),
    positionId: Id(),
    version: Version(),
    customDescription: Type.Optional(NullableString({ maxLength: 2000 })),
  }),
  response: Type.Object({ id: Type.Integer(), version: Type.Integer(), customDescription: NullableString() }),
});

const personalNote = Type.Object({ text: Type.String(), version: Type.Integer() });

/** The caller's private note on a customer (version 0: none yet). */
export const getPersonalNotes = defineEndpoint({
  method: 'GET',
  path: 'kunde/getPersonalNotes/:id',
  access,
  tags: ['Kunden: Timeline und Notizen'],
  summary: 'Die persönliche Notiz des Aufrufers zu diesem Kunden (Version 0: noch keine)',
  params: IdParams,
  response: personalNote,
});

/** Saves the caller's private note at the version read. */
export const updatePersonalNotes = defineEndpoint({
  method: 'PUT',
  path: 'kunde/updatePersonalNotes/:id',
  access,
  tags: ['Kunden: Timeline und Notizen'],
  summary: 'Persönliche Notiz speichern (nur für den Aufrufer sichtbar; Version wie gelesen)',
  params: IdParams,
  body: Type.Object({ text: Type.String({ maxLength: 20000 }), version: Type.Integer({ minimum: 0 }) }),
  response: personalNote,
});
