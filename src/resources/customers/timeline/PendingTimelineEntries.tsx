import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { formatCompanyDateTime } from '../../../config/companyTime';
import { useCompanyZone } from '../../../config/useCompanyZone';
import { useOutboxView } from '../../../offline/outbox/outbox';
import type { OutboxSubject } from '../../../offline/outbox/outboxTypes';
import besuchOutbox from '../../activities/besuch.outbox';
import customerNoteOutbox from '../customerNote.outbox';

/**
 * A waiting entry's words when it belongs on this customer's timeline (a note or a Besuch), else null. The two
 * subjects are named here, not looked up in the outbox's registry of every subject: the customer page carries
 * only these (and works offline without a chunk it has not loaded yet).
 */
function timelineText(subject: OutboxSubject, customerId: number): string | null {
  if (customerNoteOutbox.is(subject))
    return subject.customerId === customerId ? customerNoteOutbox.describe(subject) : null;
  if (besuchOutbox.is(subject))
    return subject.customerId === customerId ? besuchOutbox.describe(subject) : null;
  return null;
}

/** The notes and Besuche saved for this customer that wait in the outbox, shown on top of the timeline. */
export function PendingTimelineEntries({ customerId }: { customerId: number }) {
  const { entries } = useOutboxView();
  const zone = useCompanyZone();
  // Newest first, as the timeline below them.
  const pending = entries
    .filter((entry) => timelineText(entry.subject, customerId) !== null)
    .sort((a, b) => b.seq - a.seq);
  if (!pending.length) return null;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Wartet auf Verbindung">
      {pending.map((entry) => (
        <Box
          component="li"
          key={entry.seq}
          sx={{ display: 'flex', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider', opacity: 0.8 }}
        >
          <ScheduleSendIcon color="action" sx={{ mt: 0.25 }} />
          <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Chip size="small" label={entry.state === 'wartet' ? 'wartet' : 'nicht gespeichert'} />
              <Typography variant="caption" color="text.secondary">
                {formatCompanyDateTime(entry.createdAt, zone)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {timelineText(entry.subject, customerId)}
            </Typography>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
