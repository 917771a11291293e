import { companyDayOf, companyToday } from '../../../config/companyTime';
import { BOARD_COUNT_LIMIT } from './kanbanTypes';

/** "seit heute", "seit 1 Tag", "seit 12 Tagen": whole company days since the card entered its column. */
export function daysInStatusText(since: string | null, zone: string, now: Date = new Date()): string | null {
  if (!since) return null;
  const days = Math.round(
    (Date.parse(companyToday(zone, now)) - Date.parse(companyDayOf(since, zone))) / 86_400_000,
  );
  if (days <= 0) return 'seit heute';
  return days === 1 ? 'seit 1 Tag' : `seit ${days} Tagen`;
}

/** "3 Vorgänge" / "1 Vorgang". */
export const countText = (count: number): string =>
  `${count.toLocaleString('de-DE')} ${count === 1 ? 'Vorgang' : 'Vorgänge'}`;

/** A column's count: „3 Vorgänge“, or „mehr als 1.000 Vorgänge“ when the server stopped counting. */
export const columnCountText = (column: { total: number; capped: boolean }): string =>
  column.capped ? `mehr als ${BOARD_COUNT_LIMIT.toLocaleString('de-DE')} Vorgänge` : countText(column.total);

/** A column's count in a tab: „57“ or „mehr als 1.000“. */
export const columnCountShort = (column: { total: number; capped: boolean }): string =>
  column.capped
    ? `mehr als ${BOARD_COUNT_LIMIT.toLocaleString('de-DE')}`
    : column.total.toLocaleString('de-DE');
