import { Grid } from '@mui/material';
import { formatEuroCents } from '../../i18n/format';
import type { DashboardFigures } from './dashboard.endpoints';
import { KennzahlCard } from './KennzahlCard';
import { useNoteFirstScreenDrawn } from '../kit/useNoteFirstScreenDrawn';
import { npsCardFilter } from './npsCardLink';
import { npsStatisticsLink } from '../nps/npsFilterParams';
import { formatNps } from '../nps/nps.rules';
import { boardLink, figureFilters, vorgangListLink, type FigureFilter } from './vorgangListLink';

const count = (value: number) => value.toLocaleString('de-DE');
const percent = (value: number) => `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} %`;
const days = (value: number) =>
  `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} ${value === 1 ? 'Tag' : 'Tage'}`;

/** The Kennzahlen grid: each figure with last year's value and a link to the filtered list behind it. */
export function Kennzahlen({ figures }: { figures: DashboardFigures }) {
  const { owner, today, year, nps } = figures;
  useNoteFirstScreenDrawn(true);
  const behind = figureFilters(today);
  const link = (filter: FigureFilter) => vorgangListLink(owner, filter);
  const cards = [
    { label: 'Offene Angebote', ...figures.openOffers, format: count, to: link(behind.openOffers) },
    {
      label: 'Volumen offene Angebote',
      ...figures.openOffersCents,
      format: formatEuroCents,
      to: link(behind.openOffers),
    },
    {
      label: 'Erwartet in diesem Quartal',
      value: figures.expectedQuarter.weightedCents,
      format: formatEuroCents,
      to: boardLink(owner),
      note: `${figures.expectedQuarter.label}, gewichtet nach Status`,
    },
    {
      label: 'Stagnierende Vorgänge',
      value: figures.stagnant,
      format: count,
      to: link(behind.stagnant),
      note: 'länger ohne Aktivität, als ihr Status erlaubt',
    },
    { label: 'Aufträge diesen Monat', ...figures.ordersMonth, format: count, to: link(behind.ordersMonth) },
    {
      label: 'Auftragsvolumen diesen Monat',
      ...figures.ordersMonthCents,
      format: formatEuroCents,
      to: link(behind.ordersMonth),
    },
    { label: `Aufträge ${year}`, ...figures.ordersYear, format: count, to: link(behind.ordersYear) },
    {
      label: `Auftragsvolumen ${year}`,
      ...figures.ordersYearCents,
      format: formatEuroCents,
      to: link(behind.ordersYear),
    },
    {
      label: 'Angebot → Auftrag',
      ...figures.offerToOrderPercent,
      format: percent,
      to: link(behind.offered),
      note: `Angebote seit 01.01.${year} mit Auftrag`,
    },
    {
      label: 'Ø Tage Angebot → Auftrag',
      ...figures.offerToOrderDays,
      format: days,
      to: link(behind.ordersYear),
      lowerIsBetter: true,
    },
    {
      label: `Umsatz ${year} (Ist)`,
      ...figures.revenueCents,
      format: formatEuroCents,
      to: link(behind.revenue),
      note: figures.targetCents
        ? `Soll bis heute ${formatEuroCents(figures.expectedToDateCents)} · Ziel ${formatEuroCents(figures.targetCents)}`
        : 'Kein Verkaufsziel hinterlegt',
    },
    {
      label: 'NPS (90 Tage)',
      value: nps.score ?? 0,
      // No answers now: no trend arrow, and last year's NPS in the note (the card's format would show "–").
      ...(nps.lastYearScore === null || nps.score === null ? {} : { lastYear: nps.lastYearScore }),
      // as the Statistik tab shows it ("+50"), so the figure behind the link reads the same
      format: (value: number) => formatNps(nps.score === null ? null : value),
      to: npsStatisticsLink(npsCardFilter(owner, today)),
      note:
        `${nps.answers} ${nps.answers === 1 ? 'Antwort' : 'Antworten'}` +
        (nps.score === null && nps.lastYearScore !== null
          ? ` · Vorjahr: ${formatNps(nps.lastYearScore)}`
          : ''),
    },
  ];
  return (
    <Grid container spacing={1.5}>
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, md: 4, lg: 2.4 }}>
          <KennzahlCard {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
