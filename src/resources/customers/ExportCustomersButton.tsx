import { useListContext } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { exportCustomers } from './customers.endpoints';
import { useCompanyZone } from '../../config/useCompanyZone';
import { countOf } from '../../i18n/format';

/** Exports exactly the rows the list shows (filter and order), all of them, as an Excel file. */
export function ExportCustomersButton() {
  const api = useEndpointClient();
  const { filterValues, sort, total } = useListContext();
  const zone = useCompanyZone();
  return (
    <ExcelExportButton
      download={() =>
        api.download(exportCustomers, {
          query: { filter: JSON.stringify(filterValues), sort: sort.field, order: sort.order },
        })
      }
      fileName={`Kunden_${companyToday(zone)}.xlsx`}
      runningLabel={`Export läuft (${total === undefined ? '… Kunden' : countOf(total, 'Kunde', 'Kunden')}) …`}
      disabled={total === 0}
    />
  );
}
