import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker, type DateTimePickerProps } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import { format } from 'date-fns/format';
import { de } from 'date-fns/locale/de';

// date-fns' German locale starts weeks on Monday with the first Thursday in week 1: ISO weeks.
const localeText = {
  ...deDE.components.MuiLocalizationProvider.defaultProps.localeText,
  calendarWeekNumberHeaderText: 'KW',
  calendarWeekNumberHeaderLabel: 'Kalenderwoche',
  calendarWeekNumberAriaLabelText: (week: number) => `Kalenderwoche ${week}`,
};

/** A date picker with the German calendar: day and month names, dd.MM.yyyy, weeks headed KW. */
export function GermanDatePicker(props: DatePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={de} localeText={localeText}>
      <DatePicker
        format="dd.MM.yyyy"
        displayWeekNumber
        // "Mo Di Mi …" instead of single letters, where Monday and Wednesday both read "M".
        dayOfWeekFormatter={(day) => format(day, 'EEEEEE', { locale: de })}
        {...props}
      />
    </LocalizationProvider>
  );
}

/** A date and time picker in German: dd.MM.yyyy HH:mm, 24-hour clock, the same calendar as GermanDatePicker. */
export function GermanDateTimePicker(props: DateTimePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={de} localeText={localeText}>
      <DateTimePicker
        format="dd.MM.yyyy HH:mm"
        ampm={false}
        displayWeekNumber
        dayOfWeekFormatter={(day) => format(day, 'EEEEEE', { locale: de })}
        {...props}
      />
    </LocalizationProvider>
  );
}
