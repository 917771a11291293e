import { format, isValid, parseISO } from 'date-fns';
import { GermanDatePicker } from '../../i18n/GermanDatePicker';

// While a day is typed, "01.01.2" is already a valid date (year 2): only whole years are sent as a filter.
const complete = (date: Date | null) => date !== null && isValid(date) && date.getFullYear() >= 1900;

/** A range filter's day (yyyy-MM-dd) in the German picker (tt.mm.jjjj, calendar with KW); cleared: undefined. */
export function DayFilterField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  onCommit: (day: string | undefined) => void;
}) {
  return (
    <GermanDatePicker
      label={label}
      value={value ? parseISO(value) : null}
      onChange={(date) => {
        if (date === null) onCommit(undefined);
        else if (complete(date)) onCommit(format(date, 'yyyy-MM-dd'));
      }}
      slotProps={{
        textField: { size: 'small', sx: { width: 170, bgcolor: 'background.paper' } },
        field: { clearable: true },
      }}
    />
  );
}
