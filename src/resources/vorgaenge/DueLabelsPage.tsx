import { SavedViewPicker } from '../savedViews/SavedViewPicker';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { DueItemList } from '../kit/DueItemList';
import { ScopePicker, useDueScope } from '../kit/ScopePicker';
import { useDueItemActions } from '../kit/useDueItemActions';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { exportVorgangFaelligExcel, getVorgangsFaellig } from '../todos/dueLabels.endpoints';
import { BulkSelectionBar } from '../kit/BulkActionBar';
import { countOf } from '../../i18n/format';

/**
 * Fällige Labels: due labels on Vorgänge and customers, by bucket; done or moved in one click, with undo, or
 * ticked (all shown, or "alle Treffer" of the scope) and done or moved together as one job on the server.
 */
export default function DueLabelsPage() {
  const scopeState = useDueScope();
  const due = useEndpoint(getVorgangsFaellig, { query: scopeState.scope });
  const actions = useDueItemActions();
  const api = useEndpointClient();
  const data = due.data;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // The ticks belong to the scope they were made in; another scope starts with none.
  const scopeKey = JSON.stringify(scopeState.scope);
  const [ticks, setTicks] = useState<{ scopeKey: string; keys: string[] }>({ scopeKey, keys: [] });
  const items = data?.items ?? [];
  const dueOf = new Map(items.map((item) => [item.key, item.dueDate]));
  // Only labels still shown count: one done or moved away meanwhile drops out of the selection.
  const selected = ticks.scopeKey === scopeKey ? ticks.keys.filter((key) => dueOf.has(key)) : [];
  const selectedSet = new Set(selected);
  const setSelected = (keys: string[]) => setTicks({ scopeKey, keys });
  const selection = {
    selected: selectedSet,
    toggle: (key: string) =>
      setSelected(selectedSet.has(key) ? selected.filter((k) => k !== key) : [...selected, key]),
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
              {countOf(data.total, 'Label', 'Labels')}
            </Typography>
          )}
        </Typography>
        <SavedViewPicker listKey="faelligeLabels" />
        <ScopePicker {...scopeState} />
        <ExcelExportButton
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          download={() => api.download(exportVorgangFaelligExcel, { query: scopeState.scope })}
          fileName={`Faellige_Labels_${data?.today ?? ''}.xlsx`}
          runningLabel={`Export läuft (${data ? countOf(data.total, 'Label', 'Labels') : '… Labels'}) …`}
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
      {items.length > 0 && (
        <FormControlLabel
          sx={{ mb: 1, ml: 0.5 }}
          label={`Alle ${items.length} angezeigten auswählen`}
          control={
            <Checkbox
              checked={selected.length === items.length}
              indeterminate={selected.length > 0 && selected.length < items.length}
              onChange={(_, all) => setSelected(all ? items.map((item) => item.key) : [])}
            />
          }
        />
      )}
      {data && (
        <DueItemList
          selection={selection}
          items={data.items}
          bucketCounts={data.buckets}
          today={data.today}
          actions={actions}
          showOwner={Boolean(scopeState.scope.scope)}
          emptyText="Keine fälligen Labels. Labels mit Fälligkeit setzen Sie am Vorgang oder am Kunden."
        />
      )}
      {data && (
        <BulkSelectionBar
          target="faelligeLabels"
          sheet={phone}
          selectedIds={selected}
          data={items.map((item) => ({ id: item.key }))}
          total={data.total}
          filterValues={{ ...scopeState.scope }}
          onUnselectItems={() => setSelected([])}
          // Only the refused labels still due in this scope can be ticked (with the due date shown).
          onSelectItems={(keys) => setSelected(keys.map(String).filter((key) => dueOf.has(key)))}
          selectionOf={(keys) => ({
            labels: keys.map((key) => ({ key: String(key), expectedDueDate: dueOf.get(String(key)) ?? '' })),
          })}
        />
      )}
      {actions.undoSnackbar}
    </Box>
  );
}
