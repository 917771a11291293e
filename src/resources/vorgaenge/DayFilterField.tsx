import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { isWholeDay } from '../../i18n/DayPicker';
import { GermanDatePicker } from '../../i18n/GermanDatePicker';

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
        else if (isWholeDay(date)) onCommit(format(date, 'yyyy-MM-dd'));
      }}
      slotProps={{
        textField: { size: 'small', sx: { width: 170, bgcolor: 'background.paper' } },
        field: { clearable: true },
      }}
    />
  );
}
