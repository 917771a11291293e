import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import type { InputProps } from 'react-admin';
import { GermanDatePicker } from '../../i18n/GermanDatePicker';
import { usePickerInput } from './usePickerInput';

const toDate = (value: unknown): Date | null =>
  typeof value === 'string' && value ? parseISO(value) : value instanceof Date ? value : null;

/** A react-admin input for a date field: German calendar, stored as an ISO date (yyyy-MM-dd). */
export default function DateInput({
  label,
  helperText,
  readOnly,
  ...props
}: InputProps & { label: string; readOnly?: boolean }) {
  const { field, textField, pickerField } = usePickerInput(props, helperText, 220);
  return (
    <GermanDatePicker
      label={label}
      value={toDate(field.value)}
      readOnly={readOnly}
      // An unfinished typed date stays in the field; the form gets a value only once it is a real date.
      onChange={(value) => field.onChange(value && isValid(value) ? format(value, 'yyyy-MM-dd') : null)}
      slotProps={{ textField, field: pickerField }}
    />
  );
}
