import { format, isValid, parseISO } from 'date-fns';
import { useInput, useTranslate, type InputProps } from 'react-admin';
import { GermanDatePicker } from '../../i18n/GermanDatePicker';

const toDate = (value: unknown): Date | null =>
  typeof value === 'string' && value ? parseISO(value) : value instanceof Date ? value : null;

/** A react-admin input for a date field: German calendar, stored as an ISO date (yyyy-MM-dd). */
export default function DateInput({
  label,
  helperText,
  readOnly,
  ...props
}: InputProps & { label: string; readOnly?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput(props);
  const error = fieldState.error?.message;
  return (
    <GermanDatePicker
      label={label}
      value={toDate(field.value)}
      readOnly={readOnly}
      // An unfinished typed date stays in the field; the form gets a value only once it is a real date.
      onChange={(value) => field.onChange(value && isValid(value) ? format(value, 'yyyy-MM-dd') : null)}
      slotProps={{
        textField: {
          name: field.name,
          onBlur: field.onBlur,
          required: isRequired,
          error: Boolean(error),
          helperText: error ? translate(error, { _: error }) : helperText || ' ',
          size: 'small',
          sx: { minWidth: 220, mb: 1 },
        },
      }}
    />
  );
}
