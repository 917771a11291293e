import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { saveBlob } from '../files/saveBlob';
import { useCompanyZone } from './useCompanyZone';
import { exportVorgangExcel, type VorgangFilter } from './vorgangList.endpoints';
import { formatVorgangCount } from './vorgangListTypes';

/** Exports exactly the Vorgänge the list counts (filters, tab and order), all of them, as an Excel file. */
export function ExportVorgaengeButton({
  filter,
  total,
}: {
  filter: VorgangFilter;
  total: number | undefined;
}) {
  const api = useEndpointClient();
  const notify = useNotify();
  const zone = useCompanyZone();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const file = await api.download(exportVorgangExcel, { query: filter });
      saveBlob(file, `Vorgaenge_${companyToday(zone)}.xlsx`);
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
      disabled={running || !total}
    >
      {running ? `Export läuft (${formatVorgangCount(total ?? 0)} Vorgänge) …` : 'Excel-Export'}
    </Button>
  );
}
