import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import EventIcon from '@mui/icons-material/EventNote';
import MailIcon from '@mui/icons-material/MailOutline';
import NoteIcon from '@mui/icons-material/StickyNote2Outlined';
import StarIcon from '@mui/icons-material/StarOutline';
import SwapIcon from '@mui/icons-material/SwapHoriz';
import EditIcon from '@mui/icons-material/EditNote';
import AutoIcon from '@mui/icons-material/AutoModeOutlined';
import { Alert, Avatar, Box, Button, Chip, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { formatDate, formatEuroCents } from '../../i18n/format';
import { activityTypeName, hasTimeOfDay } from '../activities/activityTypes';
import { AddActivityPhotos } from './AddActivityPhotos';
import {
  systemStatusName,
  vorgangEventText,
  type VorgangEventDetails,
  type VorgangEventKind,
  type VorgangEventVia,
} from '../vorgaenge/vorgangEvents.rules';
import { useCompanyZone } from '../../config/useCompanyZone';
import { updateNoteFromTimeline } from '../customers/timeline/timeline.endpoints';
import { TimelineFiles, type TimelineFile } from './TimelineFiles';
import { NOTE_TEXT_SX } from './noteText';
import { timelineWhen } from './timelineWhen';
import { timelineKey, type TimelineItem } from '../customers/timeline/timelineTypes';

/** What a mail's state adds to its line: a failed one, and one the Postausgang has yet to send. */
const MAIL_STATES: Record<string, string> = { fehler: ' (nicht gesendet)', wartend: ' (wird gesendet)' };

/** What the customer did with an online offer, as the timeline says it (the offer's Beleg number follows). */
const OFFER_EVENTS: Record<string, string> = {
  geoeffnet: 'Angebot online geöffnet',
  rueckfrage: 'Rückfrage zum Angebot',
  abgelehnt: 'Angebot online abgelehnt',
  angenommen: 'Angebot online angenommen',
  zurueckgezogen: 'Online-Angebot zurückgezogen',
};

const BELEG_TYPES: Record<string, string> = {
  angebot: 'Angebot',
  auftragsbestaetigung: 'Auftragsbestätigung',
  rechnung: 'Rechnung',
  gutschrift: 'Gutschrift',
};

function describe(item: TimelineItem): { icon: ReactNode; title: string } {
  const d = item.details as Record<string, string | number | boolean | null>;
  switch (item.kind) {
    case 'notiz':
      return { icon: <NoteIcon />, title: d.edited ? 'Notiz (bearbeitet)' : 'Notiz' };
    case 'aktivitaet':
      return {
        icon: <EventIcon />,
        title:
          [activityTypeName(d.type), d.reason].filter(Boolean).join(' – ') + (d.done ? ' (erledigt)' : ''),
      };
    case 'beleg':
      return {
        icon: <ReceiptIcon />,
        title: `${BELEG_TYPES[String(d.type)] ?? d.type} ${d.number} zu ${d.vorgang}, ${formatEuroCents(Number(d.netCents))} netto`,
      };
    case 'email':
      return {
        icon: <MailIcon />,
        title:
          `E-Mail an ${d.recipient}: ${d.subject}${MAIL_STATES[String(d.status)] ?? ''}` +
          (d.attachments ? ` – Anhang: ${String(d.attachments)}` : ''),
      };
    case 'nps':
      return { icon: <StarIcon />, title: `NPS-Bewertung ${d.score} von 10` };
    case 'status':
      return {
        icon: <SwapIcon />,
        title: `Vorgang ${d.vorgang}: ${systemStatusName(d.from as string | null)} → ${systemStatusName(d.to as string | null)}`,
      };
    case 'aenderung':
      return {
        icon: <EditIcon />,
        title: vorgangEventText(
          item.details.event as VorgangEventKind,
          item.details as VorgangEventDetails,
          item.details.via as VorgangEventVia,
        ),
      };
    case 'angebot':
      return {
        icon: <ReceiptIcon />,
        title: `${OFFER_EVENTS[String(d.event)] ?? 'Angebot online'}: ${d.beleg} zu ${d.vorgang}`,
      };
    case 'automatik':
      return {
        icon: <AutoIcon />,
        title:
          d.state === 'fehler'
            ? `Automatisch: fehlgeschlagen (${d.error ?? 'unbekannt'})`
            : `Automatisch: ${d.summary}`,
      };
  }
}

/** One timeline entry; the caller's own notes can be edited in place (kunde/updateNoteFromTimeline). */
export function TimelineEntry({ item, customerId }: { item: TimelineItem; customerId: number }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [draft, setDraft] = useState<string | null>(null);
  const { icon, title } = describe(item);
  const zone = useCompanyZone();
  const date = timelineWhen(item, zone);
  const d = item.details;
  const save = async () => {
    try {
      await api.call(updateNoteFromTimeline, {
        params: { id: item.id },
        body: { text: draft ?? '', version: item.version },
      });
      setDraft(null);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
    await queryClient.invalidateQueries({ queryKey: timelineKey(customerId) });
  };
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Avatar sx={{ bgcolor: 'action.selected', color: 'text.primary', width: 36, height: 36 }}>
        {icon}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="caption" color="text.secondary">
          {date}
          {item.author ? ` · ${item.author}` : ''}
          {item.kind === 'aktivitaet' && d.dueDate ? ` · fällig ${formatDate(String(d.dueDate))}` : ''}
        </Typography>
        {item.kind === 'email' && d.status === 'fehler' && (
          <Alert severity="error" sx={{ mt: 0.5 }}>
            {String(d.error)}
          </Alert>
        )}
        {draft === null ? (
          item.text && (
            <Typography sx={{ ...NOTE_TEXT_SX, mt: 0.5 }} variant="body2">
              {item.text}
            </Typography>
          )
        ) : (
          <Box sx={{ mt: 1 }}>
            <TextField
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              multiline
              fullWidth
              autoFocus
              label="Notiz"
            />
            <Button onClick={save} disabled={!draft.trim()}>
              Speichern
            </Button>
            <Button onClick={() => setDraft(null)}>Abbrechen</Button>
          </Box>
        )}
        {item.kind === 'aktivitaet' && Array.isArray(d.files) && d.files.length > 0 && (
          <TimelineFiles files={d.files as TimelineFile[]} />
        )}
        {/* A Besuch stored without (all) its photos gets them here, also later. */}
        {item.kind === 'aktivitaet' && hasTimeOfDay(d.type) && (
          <AddActivityPhotos activityId={item.id} customerId={customerId} />
        )}
        {item.own && draft === null && (
          <Chip size="small" label="Bearbeiten" onClick={() => setDraft(item.text ?? '')} sx={{ mt: 0.5 }} />
        )}
      </Box>
    </Box>
  );
}
