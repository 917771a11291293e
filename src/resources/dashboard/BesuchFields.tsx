import { MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { formatNumber } from '../../i18n/format';
import { useOnline } from '../../offline/online';
import { ACTIVITY_NOTE_MAX_LENGTH, ACTIVITY_TYPES } from '../activities/activityTypes';
import { REASON_CHOICES } from '../activities/reasonChoices.rules';

/** What "Besuch erfassen" asks besides customer, Vorgang and photos ('' for no Grund, no follow-up day). */
export interface BesuchValues {
  activityType: string;
  reasonId: number | '';
  note: string;
  dueDate: string;
}

/**
 * Art, Grund, Notiz and "Nachfassen am" of a Besuch. The Gründe come from the admin list (offline from the
 * device; when they are not kept there, the field says so); the note shows its limit and count as the seller types.
 */
export function BesuchFields({
  values,
  onChange,
  disabled,
}: {
  values: BesuchValues;
  onChange: (change: Partial<BesuchValues>) => void;
  disabled: boolean;
}) {
  const online = useOnline();
  const reasons = useGetList<{ id: number; text: string }>('admin/reasons', {
    pagination: { page: REASON_CHOICES.page, perPage: REASON_CHOICES.perPage },
    sort: { field: REASON_CHOICES.sort, order: REASON_CHOICES.order },
  });
  const reasonsMissing = !online && !reasons.data?.length && !reasons.isPending;
  const noteTooLong = values.note.length > ACTIVITY_NOTE_MAX_LENGTH;
  return (
    <>
      <TextField
        select
        label="Art"
        value={values.activityType}
        disabled={disabled}
        onChange={(event) => onChange({ activityType: event.target.value })}
      >
        {ACTIVITY_TYPES.map((type) => (
          <MenuItem key={type.id} value={type.id}>
            {type.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Grund"
        value={values.reasonId}
        disabled={disabled}
        onChange={(event) =>
          onChange({ reasonId: event.target.value === '' ? '' : Number(event.target.value) })
        }
        helperText={
          reasonsMissing ? 'Ohne Verbindung: die Gründe sind auf diesem Gerät nicht gespeichert.' : undefined
        }
      >
        <MenuItem value="">Kein Grund</MenuItem>
        {(reasons.data ?? []).map((reason) => (
          <MenuItem key={reason.id} value={reason.id}>
            {reason.text}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Notiz"
        multiline
        minRows={3}
        value={values.note}
        disabled={disabled}
        onChange={(event) => onChange({ note: event.target.value })}
        error={noteTooLong}
        // The limit and the count as the seller types, as the customer's note shows them: a long note is
        // shortened here, not refused with nothing marked.
        helperText={`${formatNumber(values.note.length)} / ${formatNumber(ACTIVITY_NOTE_MAX_LENGTH)} Zeichen${
          noteTooLong ? ' – bitte kürzen Sie die Notiz.' : ''
        }`}
        slotProps={{ formHelperText: { sx: { textAlign: 'right' } } }}
      />
      <TextField
        label="Nachfassen am"
        type="date"
        value={values.dueDate}
        disabled={disabled}
        onChange={(event) => onChange({ dueDate: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="Leer: der Besuch ist erledigt."
      />
    </>
  );
}
