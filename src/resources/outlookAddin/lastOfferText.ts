import { formatEuroCents } from '../../i18n/format';
import type { SenderOverview } from './outlookAddin.endpoints';

/** The pane's line for the last offer: number, day (dd.MM.yyyy), net amount as everywhere (1.234,56 €), Vorgang. */
export function lastOfferText(offer: SenderOverview['lastOffer']): string {
  if (!offer) return 'Keines';
  const day = offer.date.slice(0, 10).split('-').reverse().join('.');
  return `${offer.number} vom ${day}, ${formatEuroCents(offer.netCents)} netto (${offer.vorgangNumber})`;
}
