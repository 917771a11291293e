import Type from 'typebox';
import {
  NullableInteger,
  NullableNumber,
  NullableObject,
  NullableString,
  Timestamp,
  Version,
} from '../../api/schemas';
import { BelegSchema, EndCustomerSummarySchema } from '../customers/customers.endpoints';

/** A note on a Beleg (Beleg-Interaktion) with its author and time. */
export const BelegNoteSchema = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  author: NullableString(),
  createdAt: Timestamp(),
});
export type BelegNote = Type.Static<typeof BelegNoteSchema>;

/** A label on a Vorgang with its due date (yyyy-MM-dd, company day) if it has one. */
export const VorgangLabelSchema = Type.Object({
  labelId: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  dueDate: NullableString(),
  addedBy: NullableString(),
});
export type VorgangLabel = Type.Static<typeof VorgangLabelSchema>;

/** A Beleg of the Vorgang page: positions as on the customer page, plus status, gross and notes. */
export const VorgangBelegSchema = Type.Object({
  ...BelegSchema.properties,
  grossCents: Type.Integer(),
  status: Type.String(),
  notes: Type.Array(BelegNoteSchema),
});
export type VorgangBeleg = Type.Static<typeof VorgangBelegSchema>;

/** One Vorgang as its page shows it (vorgang/getVorgang/:id). */
export const VorgangDetailSchema = Type.Object({
  id: Type.Integer(),
  version: Version(),
  vorgangNumber: Type.String(),
  title: Type.String(),
  customer: Type.Object({ id: Type.Integer(), name: Type.String() }),
  endCustomer: EndCustomerSummarySchema,
  seller: NullableString(),
  sellerUserId: NullableInteger(),
  branch: NullableString(),
  origin: NullableString(),
  /** Code of the status derived from the Belege: anfrage, angebot, auftrag, rechnung, verloren. */
  systemStatus: Type.String(),
  systemStatusName: Type.String(),
  customStatus: NullableObject(
    Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() }),
  ),
  netTotalCents: Type.Number(),
  planDbCents: NullableNumber(),
  /** The seller's estimate (net, cents): the value until a Beleg exists, afterwards shown beside its sum. */
  expectedValueCents: NullableNumber(),
  expectedOrderDate: NullableString(),
  lostReason: NullableString(),
  lastActivityAt: NullableString(),
  updatedAt: Timestamp(),
  updatedBy: NullableString(),
  labels: Type.Array(VorgangLabelSchema),
  belege: Type.Array(VorgangBelegSchema),
});
export type VorgangDetail = Type.Static<typeof VorgangDetailSchema>;

/** A position of the current offer with its cost (null: the article has no cost). */
export const PlanDbPositionSchema = Type.Object({
  posNr: Type.Integer(),
  articleNumber: NullableString(),
  description: Type.String(),
  quantity: Type.Number(),
  totalCents: Type.Number(),
  costCents: NullableNumber(),
});
export type PlanDbPosition = Type.Static<typeof PlanDbPositionSchema>;

/** The planned contribution margin of a Vorgang and how it was computed (vorgang/caluclatePlanDBForVorgang). */
export const PlanDbSchema = Type.Object({
  /** The Beleg it was computed from: the newest Angebot, null when there is none. */
  beleg: NullableObject(
    Type.Object({ id: Type.Integer(), belegNumber: Type.String(), belegDate: Type.String() }),
  ),
  revenueCents: Type.Number(),
  costCents: Type.Number(),
  marginCents: Type.Number(),
  /** Margin in percent of the revenue, one decimal; null without revenue. */
  marginPercent: NullableNumber(),
  positions: Type.Array(PlanDbPositionSchema),
  /** Positions whose article has no cost: their revenue counts as margin. */
  withoutCost: Type.Array(PlanDbPositionSchema),
});
export type PlanDb = Type.Static<typeof PlanDbSchema>;

/**
 * A change of the Vorgang's system status (vorgang_status_change) or of its Eigener Status (vorgang_event),
 * newest first. A null status: none yet (system: "Neu") or "Ohne Status" (Eigener Status).
 */
export const StatusChangeSchema = Type.Object({
  kind: Type.Union([Type.Literal('status'), Type.Literal('eigener_status')]),
  id: Type.Integer(),
  fromStatus: NullableString(),
  toStatus: NullableString(),
  /** Eigener Status only: set on the Vorgang's page or moved on the board. */
  via: Type.Union([Type.Literal('page'), Type.Literal('board'), Type.Null()]),
  reason: NullableString(),
  changedAt: Timestamp(),
  changedBy: NullableString(),
});
export type StatusChange = Type.Static<typeof StatusChangeSchema>;
