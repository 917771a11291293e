import { SavedViewPicker } from '../savedViews/SavedViewPicker';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useEndpoint } from '../../api/useEndpoint';
import { DueItemList } from '../kit/DueItemList';
import { getTodos } from './dueItems.endpoints';
import { NewTodoButton } from './NewTodoButton';
import { ScopePicker, useDueScope } from '../kit/ScopePicker';
import { TodosTabs } from '../kit/TodosTabs';
import { useDueItemActions } from '../kit/useDueItemActions';

/** Todos: my open activities with a due date and my due labels, by bucket; leads look at the branch or a seller. */
export default function TodosPage() {
  const scopeState = useDueScope();
  const todos = useEndpoint(getTodos, { query: scopeState.scope });
  const actions = useDueItemActions();
  const data = todos.data;
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="Todos" />
      <TodosTabs />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Todos
          {data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {data.urgent} überfällig oder heute · {data.total} offen
            </Typography>
          )}
        </Typography>
        <SavedViewPicker listKey="todos" />
        <ScopePicker {...scopeState} />
        <NewTodoButton />
      </Stack>
      {todos.isPending && <LinearProgress aria-label="Wird geladen" />}
      {todos.error && <Alert severity="error">{todos.error.message}</Alert>}
      {data && data.total > data.items.length && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Es werden die {data.items.length} ersten von {data.total} Todos gezeigt (nach Fälligkeit).
        </Alert>
      )}
      {data && (
        <DueItemList
          items={data.items}
          bucketCounts={data.buckets}
          today={data.today}
          actions={actions}
          showOwner={Boolean(scopeState.scope.scope)}
          emptyText="Keine offenen Todos. Neue Todos legen Sie mit „Neues Todo“ oder als Aktivität mit Fälligkeit an."
        />
      )}
      {actions.undoSnackbar}
    </Box>
  );
}
