import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OFFER_SETTINGS,
  offerRows,
  offerTotals,
  type OfferPosition,
} from '../../server/offerPdf/offerContent';

const position = (posNr: number, totalCents: number, vatRate: number | null = null): OfferPosition => ({
  posNr,
  articleNumber: `A-${posNr}`,
  description: `Fenster ${posNr}`,
  customDescription: null,
  quantity: 1,
  unit: 'Stk',
  unitPriceCents: totalCents,
  totalCents,
  vatRate,
});
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('offer totals', () => {
  it('sums netto, USt. per rate (highest first) and brutto from the positions', () => {
    const positions = [position(1, 100_000), position(2, 50_000, 10), position(3, -10_000)];
    const totals = offerTotals(
      positions,
      { netCents: 140_000, grossCents: 140_000 + 18_000 + 5_000 },
      20,
      DEFAULT_OFFER_SETTINGS,
    );
    expect(totals.erpDifference).toBeNull();
    expect(plain(totals.net)).toBe('1.400,00 €');
    expect(totals.vat.map((v) => `${v.label} ${plain(v.amount)}`)).toEqual([
      'zzgl. 20 % USt. 180,00 €',
      'zzgl. 10 % USt. 50,00 €',
    ]);
    expect(plain(totals.gross)).toBe('1.630,00 €');
    expect(plain(totals.discount!)).toBe('-100,00 €');
  });

  it("prints the ERP's totals where they differ and reports the difference", () => {
    const totals = offerTotals(
      [position(1, 100_000)],
      { netCents: 100_100, grossCents: 120_120 },
      20,
      DEFAULT_OFFER_SETTINGS,
    );
    expect(totals.erpDifference).toEqual({ netCents: 100, grossCents: 120 });
    expect(plain(totals.net)).toBe('1.001,00 €');
    expect(totals.vat.map((v) => `${v.label} ${plain(v.amount)}`)).toEqual(['zzgl. 20 % USt. 200,20 €']);
    expect(plain(totals.gross)).toBe('1.201,20 €');
  });

  it('hides prices, 0-€ and discount positions as the settings say; own text wins', () => {
    const positions = [position(1, 100_000), position(2, 0), position(3, -5_000)];
    positions[0]!.customDescription = 'Eigener Text';
    const rows = offerRows(positions, {
      ...DEFAULT_OFFER_SETTINGS,
      showUnitPrices: false,
      showPositionTotals: false,
    });
    expect(rows).toEqual([
      {
        posNr: '1',
        articleNumber: null,
        text: 'Eigener Text',
        quantity: '1',
        unit: 'Stk',
        unitPrice: null,
        total: null,
      },
    ]);
    const all = offerRows(positions, {
      ...DEFAULT_OFFER_SETTINGS,
      showZeroPositions: true,
      showDiscountLine: false,
      showArticleNumbers: true,
    });
    expect(all.map((r) => r.posNr)).toEqual(['1', '2', '3']);
    expect(all[2]!.articleNumber).toBe('A-3');
  });
});
