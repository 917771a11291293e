import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { companyDayOf, formatCompanyDateTime, instantOfCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import type { CalendarTermin } from './calendar.endpoints';
import { terminTitle } from './calendarEvents';

/** HH:mm of an instant in company time. */
const companyTimeOf = (instant: string, zone: string) => formatCompanyDateTime(instant, zone).slice(-5);

/**
 * A phone's way to move a Termin (a drag on a 390 px day is hard to aim with a thumb): tap it, pick the day and
 * time with the phone's own pickers, "Verschieben". A sheet at the screen's bottom, in the thumb's reach.
 */
export function MoveTerminSheet({
  termin,
  start,
  onClose,
  onMove,
}: {
  termin: CalendarTermin;
  /** Where the calendar shows it now (a move still waiting counts). */
  start: string;
  onClose: () => void;
  onMove: (start: Date) => Promise<void>;
}) {
  const zone = useCompanyZone();
  const [day, setDay] = useState(companyDayOf(start, zone));
  const [time, setTime] = useState(companyTimeOf(start, zone));
  const [busy, setBusy] = useState(false);
  const missing = !day || !time;
  const save = async () => {
    if (missing) return;
    setBusy(true);
    try {
      await onMove(instantOfCompanyDateTime(`${day}T${time}`, zone));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      aria-labelledby="termin-verschieben"
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-end' } }}
      slotProps={{ paper: { sx: { m: 0, width: '100%', maxWidth: '100%', borderRadius: '16px 16px 0 0' } } }}
    >
      <DialogTitle id="termin-verschieben">Termin verschieben</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {terminTitle(termin)}
          {termin.city ? `, ${termin.city}` : ''} · bisher {formatCompanyDateTime(start, zone)}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <TextField
            label="Datum"
            type="date"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            error={!day}
            helperText={day ? ' ' : 'Bitte wählen Sie ein Datum.'}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 3 }}
          />
          <TextField
            label="Uhrzeit"
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            error={!time}
            helperText={time ? ' ' : 'Bitte wählen Sie eine Uhrzeit.'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
            sx={{ flex: 2 }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" disabled={missing || busy} onClick={() => void save()}>
          Verschieben
        </Button>
      </DialogActions>
    </Dialog>
  );
}
