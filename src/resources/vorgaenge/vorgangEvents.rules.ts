import { formatDate } from '../../i18n/format';
import { VORGANG_STATUS_LABELS, type VorgangStatus } from './vorgangListTypes';

/** What a seller changed on a Vorgang besides its system status (table vorgang_event, migration 0033). */
export type VorgangEventKind =
  | 'eigener_status'
  | 'label_hinzu'
  | 'label_entfernt'
  | 'label_faellig'
  | 'datei_hoch'
  | 'datei_geloescht'
  | 'verkaeufer';

/** Where a change came from: a move on the Kartenansicht or the Vorgang's page. */
export type VorgangEventVia = 'board' | 'page';

/**
 * The facts of one change as they were then (names, not ids: a status or label renamed later does not rewrite
 * the history). `from`/`to`: Eigener Status (null: "Ohne Status"), Verkäufer, or a label's due day (yyyy-MM-dd).
 */
export interface VorgangEventDetails {
  from?: string | null;
  to?: string | null;
  label?: string;
  dueDate?: string | null;
  file?: string;
}

/** The name of "no Eigener Status" (the board's first column). */
export const NO_CUSTOM_STATUS = 'Ohne Status';

/**
 * A system status as people know it: the name from possible_status, a bare code mapped to its German name, and
 * no status yet (the first row of a new Vorgang) as "Neu". One formatter for the Statusverlauf and the timelines.
 */
export function systemStatusName(status: string | null | undefined): string {
  if (!status) return 'Neu';
  const known = VORGANG_STATUS_LABELS[status as VorgangStatus];
  return known ?? status.charAt(0).toUpperCase() + status.slice(1);
}

const day = (value: string | null | undefined) => (value ? formatDate(value) : 'ohne Datum');

/** The change in one German sentence, as the Vorgang's timeline shows it. */
export function vorgangEventText(
  kind: VorgangEventKind,
  details: VorgangEventDetails,
  via: VorgangEventVia = 'page',
): string {
  switch (kind) {
    case 'eigener_status':
      return (
        `Eigener Status: ${details.from ?? NO_CUSTOM_STATUS} → ${details.to ?? NO_CUSTOM_STATUS}` +
        (via === 'board' ? ' (in der Kartenansicht verschoben)' : '')
      );
    case 'label_hinzu':
      return (
        `Label „${details.label}“ hinzugefügt` +
        (details.dueDate ? `, fällig am ${day(details.dueDate)}` : '')
      );
    case 'label_entfernt':
      return `Label „${details.label}“ entfernt`;
    case 'label_faellig':
      return `Label „${details.label}“: Fälligkeit ${day(details.from)} → ${day(details.to)}`;
    case 'datei_hoch':
      return `Datei „${details.file}“ hochgeladen`;
    case 'datei_geloescht':
      return `Datei „${details.file}“ gelöscht`;
    case 'verkaeufer':
      return `Verkäufer: ${details.from ?? 'keiner'} → ${details.to ?? 'keiner'}`;
  }
}
