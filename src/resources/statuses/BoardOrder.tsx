import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, Button, Card, CardContent, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify, useRefresh } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { reorderCustomStatuses } from './customStatuses.endpoints';
import { ColorChip } from '../generic/ColorChip';

interface Status {
  id: number;
  name: string;
  color: string;
  active: boolean;
}

/** The columns of the Kartenansicht in their order; moved with the arrows and saved as one change. */
export function BoardOrder() {
  const { data = [], isPending } = useGetList<Status>('admin/custom-statuses', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'sortOrder', order: 'ASC' },
    filter: {},
  });
  const [order, setOrder] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const api = useEndpointClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const byId = new Map(data.map((status) => [status.id, status]));
  const shown = (order ?? data.map((s) => s.id)).map((id) => byId.get(id)).filter((s) => s !== undefined);

  const move = (index: number, by: -1 | 1) => {
    const ids = shown.map((s) => s.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    setOrder(ids);
  };
  const save = async () => {
    setSaving(true);
    try {
      await api.call(reorderCustomStatuses, { body: { ids: shown.map((s) => s.id) } });
      notify('Die Reihenfolge der Kartenansicht ist gespeichert.', { type: 'success' });
      setOrder(null);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Die Reihenfolge konnte nicht gespeichert werden.', {
        type: 'error',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="board-order-title"
      sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, minWidth: 260 }}
    >
      <CardContent>
        <Typography id="board-order-title" variant="subtitle1" component="h2">
          Spalten der Kartenansicht
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Von links nach rechts; deaktivierte Status erscheinen nicht.
        </Typography>
        {!isPending && (
          <List dense disablePadding>
            {shown.map((status, index) => (
              <ListItem
                key={status.id}
                disableGutters
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      size="small"
                      aria-label={`${status.name} nach vorne`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpwardIcon fontSize="inherit" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`${status.name} nach hinten`}
                      disabled={index === shown.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownwardIcon fontSize="inherit" />
                    </IconButton>
                  </Stack>
                }
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ width: 20, textAlign: 'right' }}>
                    {index + 1}.
                  </Typography>
                  <ColorChip name={status.name} color={status.color} muted={!status.active} />
                </Box>
              </ListItem>
            ))}
          </List>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            variant="contained"
            size="small"
            disabled={order === null || saving}
            onClick={() => void save()}
          >
            Reihenfolge speichern
          </Button>
          <Button size="small" disabled={order === null || saving} onClick={() => setOrder(null)}>
            Verwerfen
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
