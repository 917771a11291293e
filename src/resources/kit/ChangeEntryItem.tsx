import HistoryIcon from '@mui/icons-material/History';
import { Avatar, Box, Typography } from '@mui/material';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import type { ChangeEntry } from '../changeHistory/changeHistory.endpoints';
import { CHANGE_ACTIONS } from '../changeHistory/changeText.rules';

/** "Telefon: 0463 12345 → 0664 1234567" for one field ("–" for an empty value). */
export const changeLine = (change: ChangeEntry['changes'][number]) =>
  `${change.label}: ${change.old ?? '–'} → ${change.new ?? '–'}`;

/** What changed, in a few words: "Vorgang CRM-000012 geändert", "Notiz angelegt". */
export const changeTitle = (entry: ChangeEntry, withRecord: boolean) =>
  [entry.areaLabel, withRecord ? entry.recordLabel : null, CHANGE_ACTIONS[entry.action].toLowerCase()]
    .filter(Boolean)
    .join(' ');

/**
 * One row of the Änderungsverlauf on a timeline: "Lena Leitung · Telefon: 0463 12345 → 0664 1234567 ·
 * 26.11.2026 14:03"; a create or delete names what was created or deleted, an update lists each field.
 * `withContext` (the admin view, where rows of every customer stand together) adds whose record it is:
 * "Gehört zu: Kunde Gruber Maria · Vorgang V25-000012".
 */
export function ChangeEntryItem({
  entry,
  withRecord = true,
  withContext = false,
}: {
  entry: ChangeEntry;
  withRecord?: boolean;
  withContext?: boolean;
}) {
  const when = useCompanyDateTime();
  const lines = entry.action === 'update' ? entry.changes.map(changeLine) : [];
  return (
    <Box
      component="li"
      data-kind="aenderung"
      sx={{ display: 'flex', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <Avatar sx={{ width: 32, height: 32, bgcolor: 'action.selected', color: 'text.secondary' }}>
        <HistoryIcon fontSize="small" />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {entry.actorName} · {changeTitle(entry, withRecord)}
        </Typography>
        {withContext && entry.recordContext && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Gehört zu: {entry.recordContext}
          </Typography>
        )}
        {lines.map((line) => (
          <Typography key={line} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
        <Typography variant="caption" color="text.secondary">
          {when(entry.at)}
        </Typography>
      </Box>
    </Box>
  );
}
