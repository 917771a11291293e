import { Box, Button, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { useIdempotencyKey } from '../../../api/useIdempotencyKey';
import { formatNumber } from '../../../i18n/format';
import { useUnsavedChangesGuard } from '../../../layout/useUnsavedChangesGuard';
import { useSendOrQueue } from '../../../offline/outbox/sendOrQueue';
import { NOTE_MAX_LENGTH, postNoteToTimeline } from './timeline.endpoints';
import { timelineKey } from './timelineTypes';
import customerNoteOutbox from '../customerNote.outbox';

/** The field to add a note to the customer's timeline (kunde/postNoteToTimeline). */
export function NoteComposer({ customerId, focusSignal }: { customerId: number; focusSignal: number }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const sendOrQueue = useSendOrQueue();
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  useUnsavedChangesGuard(Boolean(text.trim()));
  // The composer stays open: one key per note, a new one once it is saved.
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  useEffect(() => {
    if (focusSignal) input.current?.focus();
  }, [focusSignal]);
  const tooLong = text.length > NOTE_MAX_LENGTH;
  const canSave = Boolean(text.trim()) && !tooLong && !saving;
  const post = async () => {
    setSaving(true);
    // The time of writing goes along: a note sent later by the outbox keeps it on the timeline.
    const body = { customerId, text, writtenAt: new Date().toISOString() };
    try {
      // Without a network the note waits in the outbox under the same key and shows on the timeline as such.
      const saved = await sendOrQueue(
        {
          body,
          idempotencyKey,
          record: null,
          version: null,
          files: [],
          subject: customerNoteOutbox.make({ customerId, text }),
        },
        () => api.call(postNoteToTimeline, { body, idempotencyKey }),
      );
      setText('');
      renew();
      if (saved.queued) notify('Offline gespeichert: die Notiz wird gesendet, sobald Verbindung besteht.');
      else await queryClient.invalidateQueries({ queryKey: timelineKey(customerId) });
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
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canSave) void post();
        }}
        error={tooLong}
        // The limit and the count as the user types, so a long note is shortened before saving, not refused.
        helperText={`${formatNumber(text.length)} / ${formatNumber(NOTE_MAX_LENGTH)} Zeichen${
          tooLong ? ' – bitte kürzen Sie die Notiz.' : ''
        }`}
        slotProps={{ formHelperText: { sx: { textAlign: 'right' } } }}
      />
      <Button variant="contained" sx={{ mt: 1 }} disabled={!canSave} onClick={post}>
        Notiz speichern
      </Button>
    </Box>
  );
}
