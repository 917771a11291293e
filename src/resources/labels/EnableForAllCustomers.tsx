import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import type { ResultOf } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import type { RecordOf } from '../entity';
import labelEntity from './label.entity';
import { enableLabelForAllCustomers, previewLabelForAllCustomers } from './labels.endpoints';

type Reach = ResultOf<typeof previewLabelForAllCustomers>;

const count = (n: number) => n.toLocaleString('de-DE');

/** "Allen Kunden zuweisen" (label/enableLabelForAllCustomers), after a question that names the count. */
export function EnableForAllCustomers() {
  const label = useRecordContext<RecordOf<typeof labelEntity>>();
  const api = useEndpointClient();
  const notify = useNotify();
  const [reach, setReach] = useState<Reach | null>(null);
  const [busy, setBusy] = useState(false);
  if (!label) return null;
  const params = { id: label.id };
  const unavailable = !label.forCustomer
    ? 'Nur Labels „Für Kunden“ lassen sich Kunden zuweisen.'
    : !label.active
      ? 'Deaktivierte Labels lassen sich nicht zuweisen.'
      : null;

  const ask = async () => {
    setBusy(true);
    try {
      setReach(await api.call(previewLabelForAllCustomers, { params }));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Das hat nicht geklappt.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const assign = async () => {
    setBusy(true);
    try {
      const result = await api.call(enableLabelForAllCustomers, { params });
      notify(`Das Label „${result.label}“ wurde ${count(result.added)} Kunden zugewiesen.`, {
        type: 'success',
      });
      setReach(null);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Das hat nicht geklappt.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label="Allen Kunden zuweisen" sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2">Allen Kunden zuweisen</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {unavailable ??
          'Gibt dieses Label jedem Kunden, der es noch nicht hat (mit der Fälligkeit des Labels).'}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<GroupAddIcon />}
        disabled={Boolean(unavailable) || busy}
        onClick={ask}
      >
        Allen Kunden zuweisen …
      </Button>
      <Confirm
        isOpen={reach !== null}
        loading={busy}
        title="Label allen Kunden zuweisen?"
        content={
          reach &&
          (reach.toLabel === 0
            ? `Alle ${count(reach.customers)} Kunden haben das Label „${reach.label}“ schon.`
            : `Das Label „${reach.label}“ bekommen ${count(reach.toLabel)} von ${count(reach.customers)} Kunden` +
              (reach.alreadyLabelled ? ` (${count(reach.alreadyLabelled)} haben es schon).` : '.'))
        }
        confirm="Zuweisen"
        cancel="Abbrechen"
        onConfirm={() => void assign()}
        onClose={() => setReach(null)}
      />
    </Box>
  );
}
