import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { LazyDayPicker } from '../../i18n/LazyDayPicker';
import { activityTypeName } from '../activities/activityTypes';
import type { DueItem } from '../todos/dueItems.endpoints';
import { postponeBase } from './useDueItemActions';

/** "Verschieben": +1 Tag, +1 Woche or a chosen day (from the due day, or from today when overdue). */
export function PostponeMenu({
  item,
  today,
  disabled,
  onPostpone,
  onMoveTo,
}: {
  item: DueItem;
  today: string;
  disabled?: boolean;
  onPostpone: (days: number) => void;
  onMoveTo: (day: string) => void;
}) {
  const label = item.kind === 'aktivitaet' ? activityTypeName(item.title) : item.title;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [day, setDay] = useState(postponeBase(item.dueDate, today));
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Tooltip title="Verschieben">
        <span>
          <IconButton
            aria-label={`${label} verschieben`}
            disabled={disabled}
            onClick={(event) => setAnchor(event.currentTarget)}
            // A thumb's target on a phone (40 px on the desk, as MUI's default).
            sx={{ width: { xs: 44, sm: 40 }, height: { xs: 44, sm: 40 } }}
          >
            <EventRepeatIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(() => onPostpone(1))}>+1 Tag</MenuItem>
        <MenuItem onClick={pick(() => onPostpone(7))}>+1 Woche</MenuItem>
        <MenuItem onClick={pick(() => setChoosing(true))}>Datum wählen …</MenuItem>
      </Menu>
      <Dialog open={choosing} onClose={() => setChoosing(false)}>
        <DialogTitle>Neue Fälligkeit</DialogTitle>
        <DialogContent>
          <Box sx={{ mt: 1, minWidth: 240 }}>
            <LazyDayPicker
              label="Fällig am"
              size="medium"
              value={day || null}
              onChange={(next) => setDay(next ?? '')}
              autoFocus
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoosing(false)}>Abbrechen</Button>
          <Button
            variant="contained"
            disabled={!/^\d{4}-\d{2}-\d{2}$/.test(day)}
            onClick={() => {
              setChoosing(false);
              onMoveTo(day);
            }}
          >
            Verschieben
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
