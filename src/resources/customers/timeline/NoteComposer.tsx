import { Box, Button, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { postNoteToTimeline } from './timeline.endpoints';
import { timelineKey } from './timelineTypes';

/** The field to add a note to the customer's timeline (kunde/postNoteToTimeline). */
export function NoteComposer({ customerId, focusSignal }: { customerId: number; focusSignal: number }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (focusSignal) input.current?.focus();
  }, [focusSignal]);
  const post = async () => {
    setSaving(true);
    try {
      await api.call(postNoteToTimeline, { body: { customerId, text } });
      setText('');
      await queryClient.invalidateQueries({ queryKey: timelineKey(customerId) });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box>
      <TextField
        inputRef={input}
        label="Neue Notiz"
        placeholder="Was gibt es Neues? (Strg+Enter speichert)"
        multiline
        minRows={2}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && text.trim()) void post();
        }}
      />
      <Button variant="contained" sx={{ mt: 1 }} disabled={!text.trim() || saving} onClick={post}>
        Notiz speichern
      </Button>
    </Box>
  );
}
