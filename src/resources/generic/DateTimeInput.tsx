import { isValid } from 'date-fns/isValid';
import type { InputProps } from 'react-admin';
import { companyWallClock, instantOfCompanyWallClock } from '../../config/companyTime';
import { GermanDateTimePicker } from '../../i18n/GermanDatePicker';
import { useCompanyZone } from '../../config/useCompanyZone';
import { usePickerInput } from './usePickerInput';

/**
 * A react-admin input for a date-time field: German picker (dd.MM.yyyy HH:mm) showing the company's wall clock
 * (the tenant's zone, not the browser's), stored as an ISO instant.
 */
export default function DateTimeInput({
  label,
  helperText,
  readOnly,
  ...props
}: InputProps & { label: string; readOnly?: boolean }) {
  const zone = useCompanyZone();
  const { field, textField, pickerField } = usePickerInput(props, helperText, 240);
  const value = typeof field.value === 'string' && field.value ? companyWallClock(field.value, zone) : null;
  return (
    <GermanDateTimePicker
      label={label}
      value={value && isValid(value) ? value : null}
      readOnly={readOnly}
      // An unfinished typed time stays in the field; the form gets a value only once it is a real one.
      onChange={(picked) =>
        field.onChange(
          picked && isValid(picked) ? instantOfCompanyWallClock(picked, zone).toISOString() : null,
        )
      }
      slotProps={{ textField, field: pickerField }}
    />
  );
}
