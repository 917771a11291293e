import { format, isValid, parseISO } from 'date-fns';
import { GermanDatePicker } from '../../i18n/GermanDatePicker';

/** A German date field for a company day written yyyy-MM-dd (null: empty). */
export function DayPicker({
  label,
  value,
  onChange,
  error,
  size = 'small',
}: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string;
  size?: 'small' | 'medium';
}) {
  return (
    <GermanDatePicker
      label={label}
      value={value ? parseISO(value) : null}
      onChange={(date) => onChange(date && isValid(date) ? format(date, 'yyyy-MM-dd') : null)}
      slotProps={{ textField: { size, error: Boolean(error), helperText: error, fullWidth: true } }}
    />
  );
}
