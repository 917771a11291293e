import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { useState } from 'react';
import { GermanDatePicker } from './GermanDatePicker';

/**
 * Whether a picked or typed date is a whole day: while a day is typed, "01.01.2" is already a valid date (year 2),
 * so only years from 1900 count.
 */
export const isWholeDay = (date: Date | null): date is Date =>
  date !== null && isValid(date) && date.getFullYear() >= 1900;

export interface DayPickerProps {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  autoFocus?: boolean;
}

/** A German date field for a company day written yyyy-MM-dd (null: empty or not yet a whole day). */
export function DayPicker({
  label,
  value,
  onChange,
  error,
  size = 'small',
  required,
  autoFocus,
}: DayPickerProps) {
  // What the field shows. A day being typed ("15.01.") is reported as null but must stay in the field: handed
  // back as the value, null would empty the field under the typing fingers.
  const [shown, setShown] = useState<Date | null>(value ? parseISO(value) : null);
  const [reported, setReported] = useState(value);
  if (value !== reported) {
    // Set from outside (a reset, another choice): the field follows.
    setReported(value);
    setShown(value ? parseISO(value) : null);
  }
  return (
    <GermanDatePicker
      label={label}
      value={shown}
      onChange={(date) => {
        const day = isWholeDay(date) ? format(date, 'yyyy-MM-dd') : null;
        setShown(date);
        setReported(day);
        onChange(day);
      }}
      autoFocus={autoFocus}
      slotProps={{
        textField: { size, error: Boolean(error), helperText: error, fullWidth: true, required },
      }}
    />
  );
}
