import { useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { formatNumber } from '../../i18n/format';
import { exportBulkSelection, type BulkSelection } from '../bulkActions/bulkActions.endpoints';
import { ExcelExportButton } from './ExcelExportButton';

/**
 * "Excel-Export" of a list's selection: the ticked rows (by id) or "alle Treffer" (the list's filter) go in a
 * POST body, never in the address, and the server answers the list export's columns for exactly those rows.
 */
export function BulkExportButton({
  target,
  selection,
  count,
  sort,
  large,
  disabled,
}: {
  target: 'kunden' | 'vorgaenge';
  /** Built when clicked: the selection as it is then. */
  selection: () => BulkSelection;
  count: number;
  /** The Kunden list's order (the Vorgänge list's filter carries its own). */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  large?: boolean;
  disabled?: boolean;
}) {
  const api = useEndpointClient();
  const zone = useCompanyZone();
  const name = target === 'kunden' ? 'Kunden' : 'Vorgaenge';
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
          },
        })
      }
      fileName={`${name}_Auswahl_${companyToday(zone)}.xlsx`}
      runningLabel={`Export läuft (${formatNumber(count)}) …`}
    />
  );
}
