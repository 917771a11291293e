import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableInteger, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { Day, DueScopeQuery } from '../todos/dueItems.endpoints';

const access = { groups: [GROUPS.kunde] };
const tags = ['Dashboard'];

/** A figure now and in the same period of last year. */
const Trend = (description: string) =>
  Type.Object({ value: Type.Number(), lastYear: Type.Number() }, { description });

/** The Kennzahlen of a scope (me, a seller, the branch), each with last year's value of the same period. */
export const DashboardFigures = Type.Object({
  today: Day(),
  year: Type.Integer(),
  /** Filters of the Vorgänge list that show the rows behind the figures (mine / sellerId / branchId). */
  owner: Type.Object({ sellerId: NullableInteger(), branchIds: Type.Array(Type.Integer()) }),
  openOffers: Trend('Offene Angebote (Anzahl); Vorjahr: am selben Tag offen'),
  openOffersCents: Trend('Volumen der offenen Angebote, netto in Cent'),
  ordersMonth: Trend('Aufträge (Auftragsbestätigungen) im laufenden Monat bis heute'),
  ordersMonthCents: Trend('Auftragsvolumen im laufenden Monat bis heute'),
  ordersYear: Trend('Aufträge im laufenden Jahr bis heute'),
  ordersYearCents: Trend('Auftragsvolumen im laufenden Jahr bis heute'),
  offerToOrderPercent: Trend(
    'Angebot → Auftrag: Anteil der Vorgänge mit Angebot seit 1.1., die einen Auftrag haben',
  ),
  offerToOrderDays: Trend('Durchschnittliche Tage vom ersten Angebot zum Auftrag (Aufträge seit 1.1.)'),
  revenueCents: Trend('Umsatz (Rechnungen − Gutschriften) seit 1.1.'),
  targetCents: Type.Integer({ description: 'Verkaufsziel des Jahres' }),
  expectedToDateCents: Type.Integer({ description: 'Soll bis heute nach der Verkaufskurve' }),
  nps: Type.Object({
    score: Type.Union([Type.Number(), Type.Null()]),
    answers: Type.Integer(),
    lastYearScore: Type.Union([Type.Number(), Type.Null()]),
  }),
  stagnant: Type.Integer({
    description:
      'Stagnierende Vorgänge: offen und länger ohne Aktivität, als ihr Eigener Status erlaubt (Firmentage)',
  }),
  expectedQuarter: Type.Object(
    {
      weightedCents: Type.Integer({ description: 'gewichteter Wert in Cent' }),
      start: Day(),
      end: Day(),
      label: Type.String({ description: 'z. B. „4. Quartal 2026“' }),
    },
    {
      description:
        'Erwartet in diesem Quartal: Wert × Gewinnwahrscheinlichkeit des Status der offenen Vorgänge (Anfrage, Angebot), deren erwarteter Auftrag im laufenden Quartal der Firma liegt',
    },
  ),
});
export type DashboardFigures = Static<typeof DashboardFigures>;

/** Kennzahlen for the dashboard (numbers computed in the database). */
export const getDashboardFigures = defineEndpoint({
  method: 'GET',
  path: 'dashboard/getFigures',
  access,
  tags,
  summary: 'Kennzahlen des Dashboards mit Vorjahresvergleich (meine, ein Verkäufer oder die Filiale)',
  query: Type.Object(DueScopeQuery),
  response: DashboardFigures,
});

const VorgangRow = Type.Object({
  id: Type.Integer(),
  vorgangNumber: Type.String(),
  title: Type.String(),
  customerId: Type.Integer(),
  customerName: NullableString(),
  systemStatus: Type.String(),
  netTotalCents: Type.Integer(),
  lastActivityAt: Type.Union([Timestamp(), Type.Null()]),
});
export type DashboardVorgang = Static<typeof VorgangRow>;

/** The dashboard's lists: Vorgänge touched last, offers without an activity for 14 days. */
export const getDashboardLists = defineEndpoint({
  method: 'GET',
  path: 'dashboard/getLists',
  access,
  tags,
  summary: 'Zuletzt bearbeitete Vorgänge und Angebote ohne Aktivität seit 14 Tagen (nachfassen)',
  query: Type.Object(DueScopeQuery),
  response: Type.Object({
    recent: Type.Array(VorgangRow),
    followUp: Type.Array(VorgangRow),
    followUpTotal: Type.Integer(),
  }),
});

/** Invoiced revenue per month against the target curve (cumulative), for the dashboard chart. */
export const getDashboardRevenueCurve = defineEndpoint({
  method: 'GET',
  path: 'dashboard/getRevenueCurve',
  access,
  tags,
  summary: 'Umsatz je Monat gegen die Zielkurve (kumuliert)',
  query: Type.Object(DueScopeQuery),
  response: Type.Array(
    Type.Object({
      month: Type.Integer(),
      actualCents: Type.Integer(),
      expectedCents: Type.Integer(),
      actualCumulativeCents: Type.Integer(),
      expectedCumulativeCents: Type.Integer(),
    }),
  ),
});

/** Days without an activity after which an open offer needs a follow-up („nachfassen“); list link and server. */
export const FOLLOW_UP_DAYS = 14;
