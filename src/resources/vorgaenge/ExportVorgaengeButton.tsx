import { useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { useCompanyZone } from '../../config/useCompanyZone';
import { exportVorgangExcel, type VorgangFilter } from './vorgangList.endpoints';
import { countOf } from '../../i18n/format';

/** Exports exactly the Vorgänge the list counts (filters, tab and order), all of them, as an Excel file. */
export function ExportVorgaengeButton({
  filter,
  total,
}: {
  filter: VorgangFilter;
  total: number | undefined;
}) {
  const api = useEndpointClient();
  const zone = useCompanyZone();
  return (
    <ExcelExportButton
      download={() => api.download(exportVorgangExcel, { query: filter })}
      fileName={`Vorgaenge_${companyToday(zone)}.xlsx`}
      runningLabel={`Export läuft (${countOf(total ?? 0, 'Vorgang', 'Vorgänge')}) …`}
      disabled={!total}
    />
  );
}
