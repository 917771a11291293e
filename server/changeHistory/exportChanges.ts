import type { ChangeFilter } from '../../src/resources/changeHistory/changeHistory.endpoints';
import type { ChangeEntry } from '../../src/resources/changeHistory/changeHistory.endpoints';
import { CHANGE_ACTIONS } from '../../src/resources/changeHistory/changeText.rules';
import type { SheetExport } from '../platform/excel/excelExport';
import { filteredChanges } from './changeQueries';
import type { ChangeRow } from './describeChanges';

type Exported = (ChangeRow | ChangeEntry) & { localAt: string };

/**
 * The admin view's rows as a sheet, one row per change: the same WHERE and order as the page; names and formats
 * are looked up per batch of 1,000 (`describe`), so memory stays flat.
 */
export function changeExport(
  filter: ChangeFilter,
  zone: string,
  describe: (rows: ChangeRow[]) => Promise<ChangeEntry[]>,
): SheetExport<Exported> {
  return {
    sheet: 'Änderungsverlauf',
    columns: [
      { header: 'Zeitpunkt', key: 'at', width: 18, kind: 'dateTime' },
      { header: 'Person', key: 'actor', width: 24 },
      { header: 'Bereich', key: 'area', width: 18 },
      { header: 'Datensatz', key: 'record', width: 24 },
      { header: 'Aktion', key: 'action', width: 12 },
      { header: 'Änderungen', key: 'changes', width: 80 },
      { header: 'Gehört zu', key: 'context', width: 40 },
    ],
    query: filteredChanges(filter, zone),
    prepare: async (rows) => {
      const entries = await describe(rows as ChangeRow[]);
      return entries.map((entry, i) => ({ ...entry, localAt: rows[i]!.localAt }));
    },
    cells: (row) => {
      const entry = row as ChangeEntry & { localAt: string };
      return {
        at: entry.localAt,
        actor: entry.actorName,
        area: entry.areaLabel,
        record: entry.recordLabel ?? `#${entry.recordId}`,
        action: CHANGE_ACTIONS[entry.action],
        changes: entry.changes.map((c) => `${c.label}: ${c.old ?? '–'} → ${c.new ?? '–'}`).join('; '),
        context: entry.recordContext ?? '',
      };
    },
  };
}
