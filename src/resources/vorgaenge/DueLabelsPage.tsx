import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { DueItemList } from '../todos/DueItemList';
import { ScopePicker, useDueScope } from '../todos/ScopePicker';
import { useDueItemActions } from '../todos/useDueItemActions';
import { saveBlob } from '../files/saveBlob';
import { exportVorgangFaelligExcel, getVorgangsFaellig } from './dueLabels.endpoints';

/** Fällige Labels: due labels on Vorgänge and customers, by bucket; done or moved in one click, with undo. */
export default function DueLabelsPage() {
  const scopeState = useDueScope();
  const due = useEndpoint(getVorgangsFaellig, { query: scopeState.scope });
  const actions = useDueItemActions();
  const api = useEndpointClient();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const data = due.data;
  const runExport = async () => {
    setExporting(true);
    try {
      const file = await api.download(exportVorgangFaelligExcel, { query: scopeState.scope });
      saveBlob(file, `Faellige_Labels_${data?.today ?? ''}.xlsx`);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Der Export ist fehlgeschlagen.', { type: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="Fällige Labels" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Fällige Labels
          {data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {data.total} Labels
            </Typography>
          )}
        </Typography>
        <ScopePicker {...scopeState} />
        <Button
          size="small"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />}
          disabled={exporting || !data?.total}
          onClick={() => void runExport()}
        >
          {exporting ? `Export läuft (${data?.total ?? '…'} Labels) …` : 'Excel-Export'}
        </Button>
      </Stack>
      {due.isPending && <LinearProgress aria-label="Wird geladen" />}
      {due.error && <Alert severity="error">{due.error.message}</Alert>}
      {data && data.total > data.items.length && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Es werden die {data.items.length} ersten von {data.total} Labels gezeigt; der Excel-Export enthält
          alle.
        </Alert>
      )}
      {data && (
        <DueItemList
          items={data.items}
          today={data.today}
          actions={actions}
          showOwner={Boolean(scopeState.scope.scope)}
          emptyText="Keine fälligen Labels. Labels mit Fälligkeit setzen Sie am Vorgang oder am Kunden."
        />
      )}
      {actions.undoSnackbar}
    </Box>
  );
}
