import type { OfferSettings } from '../../src/resources/offerPdf/offerPdf.endpoints';
import { formatEuroCents } from '../../src/i18n/format';

/** A Beleg position as the offer needs it (amounts in cents, the ERP's VAT rate or null for the standard). */
export interface OfferPosition {
  posNr: number;
  articleNumber: string | null;
  description: string;
  customDescription: string | null;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  totalCents: number;
  vatRate: number | null;
}

/** One row of the positions table, formatted; null cells are hidden by the seller's settings. */
export interface OfferRow {
  posNr: string;
  articleNumber: string | null;
  text: string;
  quantity: string;
  unit: string;
  unitPrice: string | null;
  total: string | null;
}

/** The totals block: what the customer is asked to pay, always the ERP's amounts when they differ. */
export interface OfferTotals {
  discount: string | null;
  net: string;
  vat: { label: string; amount: string }[];
  gross: string;
  /** Set when the Beleg's own totals differ from the sum of its positions (cents: ERP minus positions). */
  erpDifference: { netCents: number; grossCents: number } | null;
}

const quantityFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });
const rateFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** The table rows: own text before the ERP's, hidden prices left out, zero and discount positions as chosen. */
export function offerRows(positions: OfferPosition[], settings: OfferSettings): OfferRow[] {
  return positions
    .filter((p) => settings.showZeroPositions || p.totalCents !== 0)
    .filter((p) => !(settings.showDiscountLine && p.totalCents < 0))
    .map((p) => ({
      posNr: String(p.posNr),
      articleNumber: settings.showArticleNumbers ? p.articleNumber : null,
      text: p.customDescription?.trim() || p.description,
      quantity: quantityFormat.format(p.quantity),
      unit: p.unit,
      unitPrice: settings.showUnitPrices ? formatEuroCents(p.unitPriceCents) : null,
      total: settings.showPositionTotals ? formatEuroCents(p.totalCents) : null,
    }));
}

/**
 * Netto, USt. per rate and brutto from the positions. The ERP's totals win where they differ (the customer
 * must see what the ERP will invoice); the caller logs `erpDifference`.
 */
export function offerTotals(
  positions: OfferPosition[],
  erp: { netCents: number; grossCents: number },
  standardRate: number,
  settings: OfferSettings,
): OfferTotals {
  const byRate = new Map<number, number>();
  let netCents = 0;
  let discountCents = 0;
  for (const p of positions) {
    netCents += p.totalCents;
    if (p.totalCents < 0) discountCents += p.totalCents;
    const rate = p.vatRate ?? standardRate;
    byRate.set(rate, (byRate.get(rate) ?? 0) + p.totalCents);
  }
  const rates = [...byRate.entries()].sort(([a], [b]) => b - a);
  const vatLines = rates.map(([rate, base]) => ({ rate, cents: Math.round((base * rate) / 100) }));
  const grossCents = netCents + vatLines.reduce((sum, line) => sum + line.cents, 0);
  const differs = erp.netCents !== netCents || (erp.grossCents !== 0 && erp.grossCents !== grossCents);
  const discount = settings.showDiscountLine && discountCents < 0 ? formatEuroCents(discountCents) : null;
  if (!differs) {
    return {
      discount,
      net: formatEuroCents(netCents),
      vat: vatLines.map((line) => ({
        label: `zzgl. ${rateFormat.format(line.rate)} % USt.`,
        amount: formatEuroCents(line.cents),
      })),
      gross: formatEuroCents(grossCents),
      erpDifference: null,
    };
  }
  // The ERP gives one gross amount: its VAT is one line, named with the rate only when the ERP's amount
  // is that rate (a Beleg taxed otherwise must not be labelled with our standard rate).
  const erpGross = erp.grossCents || erp.netCents + Math.round((erp.netCents * standardRate) / 100);
  const erpRate = erp.netCents ? ((erpGross - erp.netCents) * 100) / erp.netCents : NaN;
  const onlyRate =
    rates.length === 1 && Math.abs(erpRate - rates[0]![0]) < 0.05
      ? `${rateFormat.format(rates[0]![0])} % `
      : '';
  return {
    discount,
    net: formatEuroCents(erp.netCents),
    vat: [{ label: `zzgl. ${onlyRate}USt.`, amount: formatEuroCents(erpGross - erp.netCents) }],
    gross: formatEuroCents(erpGross),
    erpDifference: { netCents: erp.netCents - netCents, grossCents: erpGross - grossCents },
  };
}

/** The settings a seller starts with, before saving any. */
export const DEFAULT_OFFER_SETTINGS: OfferSettings = {
  showUnitPrices: true,
  showPositionTotals: true,
  showArticleNumbers: false,
  showZeroPositions: false,
  showDiscountLine: true,
  introTemplateId: null,
  closingTemplateId: null,
  signature: null,
};
