import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.adminVerkauf] };
const tags = ['Verkaufskurve'];

/** A year between 2000 and 2100. */
export const Year = () => Type.Integer({ minimum: 2000, maximum: 2100 });

const curve = Type.Object({
  shares: Type.Array(Type.Number()),
  version: Type.Integer(),
  updatedAt: NullableString(),
  updatedBy: NullableString(),
});

/** The 12 monthly shares (%) of the yearly target. */
export const getSalesCurve = defineEndpoint({
  method: 'GET',
  path: 'adminExtended/getSalesCurve',
  access,
  tags,
  summary: 'Die 12 Monatsanteile (%) am Jahresziel',
  response: curve,
});

/** Saves all 12 shares at once (together 100 %), at the version read. */
export const putSalesCurve = defineEndpoint({
  method: 'PUT',
  path: 'adminExtended/putSalesCurve',
  access,
  tags,
  summary: 'Alle 12 Anteile auf einmal speichern; zusammen 100 %, nur mit aktueller Version (sonst 409)',
  // The shares are checked by salesCurveRule (German message per month), not by the schema.
  body: Type.Object({ shares: Type.Array(Type.Unknown()), version: Type.Integer() }),
  response: curve,
});

/** Expected (target × curve) and actual revenue per month of one seller. */
export const getSalesCurveForUser = defineEndpoint({
  method: 'GET',
  path: 'adminExtended/getSalesCurveForUser',
  access,
  tags,
  summary: 'Erwarteter Umsatz je Monat (Jahresziel × Kurve) und tatsächlicher Umsatz eines Verkäufers',
  query: Type.Object({ userId: Id(), year: Year() }),
  response: Type.Object({
    userId: Type.Integer(),
    year: Type.Integer(),
    targetCents: Type.Integer(),
    months: Type.Array(
      Type.Object({
        month: Type.Integer(),
        sharePercent: Type.Number(),
        expectedCents: Type.Integer(),
        actualCents: Type.Integer(),
        expectedCumulativeCents: Type.Integer(),
        actualCumulativeCents: Type.Integer(),
      }),
    ),
  }),
});
