import { Alert, Button, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { HttpError } from 'react-admin';
import type { ResultOf } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { getPersonalNotes, updatePersonalNotes } from './customers.endpoints';
import type { CustomerTabProps } from './CustomerShow';

type PersonalNote = ResultOf<typeof getPersonalNotes>;
type SaveState = 'idle' | 'saving' | 'saved' | { problem: string; conflict: boolean };

function NoteEditor({
  customerId,
  initial,
  onReload,
}: {
  customerId: number;
  initial: PersonalNote;
  onReload: () => void;
}) {
  const api = useEndpointClient();
  const saved = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [text, setText] = useState(initial.text);
  const [state, setState] = useState<SaveState>('idle');

  const save = async (value: string) => {
    if (value === saved.current.text) return;
    setState('saving');
    try {
      saved.current = await api.call(updatePersonalNotes, {
        params: { id: customerId },
        body: { text: value, version: saved.current.version },
      });
      setState('saved');
    } catch (error) {
      setState({
        problem: error instanceof Error ? error.message : String(error),
        conflict: error instanceof HttpError && error.status === 409,
      });
    }
  };
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Nur Sie sehen diese Notizen. Sie werden beim Tippen gespeichert.
      </Typography>
      <TextField
        label="Persönliche Notizen"
        multiline
        minRows={6}
        fullWidth
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          // Saved once typing pauses: one request per thought, not per key.
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(value), 800);
        }}
        onBlur={() => {
          clearTimeout(timer.current);
          void save(text);
        }}
      />
      <Typography variant="caption" role="status" sx={{ display: 'block', mt: 0.5, minHeight: 20 }}>
        {state === 'saving' ? 'Wird gespeichert …' : state === 'saved' ? 'Gespeichert.' : ''}
      </Typography>
      {typeof state === 'object' && (
        <Alert
          severity={state.conflict ? 'warning' : 'error'}
          action={
            state.conflict ? (
              <Button color="inherit" onClick={onReload}>
                Neu laden
              </Button>
            ) : undefined
          }
        >
          {state.problem}
        </Alert>
      )}
    </>
  );
}

/** Persönliche Notizen: visible only to the signed-in user, saved while typing (kunde/updatePersonalNotes). */
export default function PersonalNotes({ customer }: CustomerTabProps) {
  const [generation, setGeneration] = useState(0);
  const id = Number(customer.id);
  const { data, refetch } = useEndpoint(getPersonalNotes, { params: { id } }, { gcTime: 0 });
  if (!data) return null;
  return (
    <NoteEditor
      key={generation}
      customerId={id}
      initial={data}
      onReload={async () => {
        await refetch();
        setGeneration((g) => g + 1);
      }}
    />
  );
}
