import { SavedViewPicker } from '../savedViews/SavedViewPicker';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { DueItemList } from '../kit/DueItemList';
import { ScopePicker, useDueScope } from '../kit/ScopePicker';
import { useDueItemActions } from '../kit/useDueItemActions';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { exportVorgangFaelligExcel, getVorgangsFaellig } from '../todos/dueLabels.endpoints';

/** Fällige Labels: due labels on Vorgänge and customers, by bucket; done or moved in one click, with undo. */
export default function DueLabelsPage() {
  const scopeState = useDueScope();
  const due = useEndpoint(getVorgangsFaellig, { query: scopeState.scope });
  const actions = useDueItemActions();
  const api = useEndpointClient();
  const data = due.data;
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
        <SavedViewPicker listKey="faelligeLabels" />
        <ScopePicker {...scopeState} />
        <ExcelExportButton
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          download={() => api.download(exportVorgangFaelligExcel, { query: scopeState.scope })}
          fileName={`Faellige_Labels_${data?.today ?? ''}.xlsx`}
          runningLabel={`Export läuft (${data?.total ?? '…'} Labels) …`}
          disabled={!data?.total}
        />
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
          bucketCounts={data.buckets}
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
