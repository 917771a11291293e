import { Chip } from '@mui/material';
import { formatDate } from '../../i18n/format';
import type { NpsAnswerRow } from './nps.endpoints';

/** Whether a detractor's answer was followed up: its todo done, or open with its due day and person. */
export function FollowUpState({ answer }: { answer: NpsAnswerRow }) {
  if (answer.followUpId === null) return null;
  if (answer.followUpDone)
    return <Chip size="small" color="success" variant="outlined" label="Nachgefasst" />;
  const who = answer.followUpUser ? ` · ${answer.followUpUser}` : '';
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={`Offen${answer.followUpDue ? ` bis ${formatDate(answer.followUpDue)}` : ''}${who}`}
      title="Aufgabe „Kunde anrufen“ ist noch nicht erledigt"
    />
  );
}
