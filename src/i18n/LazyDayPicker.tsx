import { TextField } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { DayPickerProps } from './DayPicker';

const DayPicker = lazy(() => import('./DayPicker').then((m) => ({ default: m.DayPicker })));

/**
 * DayPicker for a dialog on a page that otherwise needs no calendar (Todos, the dashboard, a Vorgang): the
 * pickers' code loads when the dialog opens. The browser's own date field is not used: it shows the
 * browser's language (mm/dd/yyyy in an English browser), not dd.MM.yyyy.
 */
export function LazyDayPicker(props: DayPickerProps) {
  const { label, size = 'small', required } = props;
  return (
    <Suspense fallback={<TextField label={label} size={size} required={required} disabled fullWidth />}>
      <DayPicker {...props} />
    </Suspense>
  );
}
