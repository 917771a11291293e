import { useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { formatNumber } from '../../i18n/format';
import { type BulkSelection, type BulkTarget } from '../bulkActions/bulkActionTypes';
import { exportBulkSelection } from '../bulkActions/bulkActions.endpoints';
import { ExcelExportButton } from './ExcelExportButton';

const FILE_NAMES: Record<BulkTarget, string> = {
  kunden: 'Kunden',
  vorgaenge: 'Vorgaenge',
  faelligeLabels: 'Faellige_Labels',
};

/**
 * "Excel-Export" of a list's selection: the ticked rows (by id) or "alle Treffer" (the list's filter) go in a
 * POST body, never in the address, and the server answers the list export's columns for exactly those rows.
 */
export function BulkExportButton({
  target,
  selection,
  count,
  sort,
  scope,
  large,
  disabled,
}: {
  target: BulkTarget;
  /** Built when clicked: the selection as it is then. */
  selection: () => BulkSelection;
  count: number;
  /** The Kunden list's order (the Vorgänge list's filter carries its own). */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Fällige Labels: the scope shown (Meine, Filiale, ein Verkäufer), within which the ticked labels are. */
  scope?: Record<string, unknown>;
  large?: boolean;
  disabled?: boolean;
}) {
  const api = useEndpointClient();
  const zone = useCompanyZone();
  const name = FILE_NAMES[target];
  return (
    <ExcelExportButton
      variant="outlined"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, ...(large ? { py: 1, fontSize: '0.95rem' } : {}) }}
      disabled={disabled}
      download={() =>
        api.download(exportBulkSelection, {
          body: {
            target,
            selection: selection(),
            ...(sort ? { sort: sort.field, order: sort.order } : {}),
            ...(scope ? { scope } : {}),
          },
        })
      }
      fileName={`${name}_Auswahl_${companyToday(zone)}.xlsx`}
      runningLabel={`Export läuft (${formatNumber(count)}) …`}
    />
  );
}
