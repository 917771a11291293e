import type { Beleg } from '../customers/vorgaenge/vorgangTypes';

/** A note on a Beleg (Beleg-Interaktion) with its author and time. */
export interface BelegNote {
  id: number;
  text: string;
  author: string | null;
  createdAt: string;
}

/** A label on a Vorgang with its due date (yyyy-MM-dd, company day) if it has one. */
export interface VorgangLabel {
  labelId: number;
  name: string;
  color: string;
  dueDate: string | null;
  addedBy: string | null;
}

/** A Beleg of the Vorgang page: positions as on the customer page, plus status, gross and notes. */
export interface VorgangBeleg extends Beleg {
  grossCents: number;
  status: string;
  notes: BelegNote[];
}

/** One Vorgang as its page shows it (vorgang/getVorgang/:id). */
export interface VorgangDetail {
  id: number;
  version: number;
  vorgangNumber: string;
  title: string;
  customer: { id: number; name: string };
  endCustomer: { id: number; name: string; city: string | null } | null;
  seller: string | null;
  sellerUserId: number | null;
  branch: string | null;
  origin: string | null;
  /** Code of the status derived from the Belege: anfrage, angebot, auftrag, rechnung, verloren. */
  systemStatus: string;
  systemStatusName: string;
  customStatus: { id: number; name: string; color: string } | null;
  netTotalCents: number;
  planDbCents: number | null;
  /** The seller's estimate (net, cents): the value until a Beleg exists, afterwards shown beside its sum. */
  expectedValueCents: number | null;
  expectedOrderDate: string | null;
  lostReason: string | null;
  lastActivityAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
  labels: VorgangLabel[];
  belege: VorgangBeleg[];
}

/** A position of the current offer with its cost (null: the article has no cost). */
export interface PlanDbPosition {
  posNr: number;
  articleNumber: string | null;
  description: string;
  quantity: number;
  totalCents: number;
  costCents: number | null;
}

/** The planned contribution margin of a Vorgang and how it was computed (vorgang/caluclatePlanDBForVorgang). */
export interface PlanDb {
  /** The Beleg it was computed from: the newest Angebot, null when there is none. */
  beleg: { id: number; belegNumber: string; belegDate: string } | null;
  revenueCents: number;
  costCents: number;
  marginCents: number;
  /** Margin in percent of the revenue, one decimal; null without revenue. */
  marginPercent: number | null;
  positions: PlanDbPosition[];
  /** Positions whose article has no cost: their revenue counts as margin. */
  withoutCost: PlanDbPosition[];
}

/**
 * A change of the Vorgang's system status (vorgang_status_change) or of its Eigener Status (vorgang_event),
 * newest first. A null status: none yet (system: "Neu") or "Ohne Status" (Eigener Status).
 */
export interface StatusChange {
  kind: 'status' | 'eigener_status';
  id: number;
  fromStatus: string | null;
  toStatus: string | null;
  /** Eigener Status only: set on the Vorgang's page or moved on the board. */
  via: 'page' | 'board' | null;
  reason: string | null;
  changedAt: string;
  changedBy: string | null;
}
