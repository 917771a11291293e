import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { useClientConfig } from '../../config/ClientConfigContext';
import { companyToday, timeZoneOf } from '../../config/companyTime';
import { exportCustomers } from './customers.endpoints';
import { saveBlob } from '../files/saveBlob';

/** Exports exactly the rows the list shows (filter and order), all of them, as an Excel file. */
export function ExportCustomersButton() {
  const api = useEndpointClient();
  const { filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const { tenant } = useClientConfig();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const file = await api.download(exportCustomers, {
        query: { filter: JSON.stringify(filterValues), sort: sort.field, order: sort.order },
      });
      saveBlob(file, `Kunden_${companyToday(timeZoneOf(tenant))}.xlsx`);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Der Export ist fehlgeschlagen.', { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={running ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={run}
      disabled={running || total === 0}
    >
      {running ? `Export läuft (${total ?? '…'} Kunden) …` : 'Excel-Export'}
    </Button>
  );
}
