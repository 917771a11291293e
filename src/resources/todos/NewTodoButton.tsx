import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreate, useNotify } from 'react-admin';
import { LazyDayPicker } from '../../i18n/LazyDayPicker';
import { ACTIVITY_TYPES } from '../activities/activityTypes';
import { getTodoCount, getTodos } from './dueItems.endpoints';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { CustomerSearchField, type CustomerOption } from '../kit/CustomerSearchField';
import { CustomerVorgangField } from '../kit/CustomerVorgangField';

/** "Neues Todo": an activity with a due date for a customer and, optionally, one of its Vorgänge. */
export function NewTodoButton() {
  const [open, setOpen] = useState(false);
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [vorgangId, setVorgangId] = useState<number | ''>('');
  const [activityType, setActivityType] = useState('anruf');
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [create, { isPending }] = useCreate();
  // One key per opening of the dialog: a double click on "Anlegen" makes one Todo.
  const { key: idempotencyKey } = useIdempotencyKey(open);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const close = () => {
    setOpen(false);
    setCustomer(null);
    setVorgangId('');
    setDueDate(null);
    setNote('');
  };
  const save = () =>
    create(
      'aktivitaeten',
      {
        data: {
          customerId: customer!.id,
          vorgangId: vorgangId === '' ? null : vorgangId,
          activityType,
          activityDate: new Date().toISOString(),
          dueDate,
          done: false,
          note: note.trim() || null,
        },
        meta: { idempotencyKey },
      },
      {
        onSuccess: () => {
          notify('Todo angelegt.', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: [getTodos.path] });
          void queryClient.invalidateQueries({ queryKey: [getTodoCount.path] });
          close();
        },
        onError: (error) =>
          notify(error instanceof Error ? error.message : 'Das Todo wurde nicht gespeichert.', {
            type: 'error',
          }),
      },
    );
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Neues Todo
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>Neues Todo</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <CustomerSearchField
              value={customer}
              onChange={(next) => {
                setCustomer(next);
                setVorgangId('');
              }}
            />
            <CustomerVorgangField
              customerId={customer?.id ?? null}
              value={vorgangId}
              onChange={setVorgangId}
            />
            <TextField
              select
              label="Art"
              value={activityType}
              onChange={(event) => setActivityType(event.target.value)}
            >
              {ACTIVITY_TYPES.map((type) => (
                <MenuItem key={type.id} value={type.id}>
                  {type.name}
                </MenuItem>
              ))}
            </TextField>
            <LazyDayPicker label="Fällig am" size="medium" required value={dueDate} onChange={setDueDate} />
            <TextField
              label="Notiz"
              multiline
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Abbrechen</Button>
          <Button variant="contained" disabled={!customer || !dueDate || isPending} onClick={save}>
            Speichern
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
