import { Chip } from '@mui/material';
import type { LiveState } from './useKanbanEvents';

// Short labels, so that the filter row stays on one line at 1280 px; the title says the rest.
const LOOK: Record<LiveState, { label: string; color: 'success' | 'default' | 'warning'; title: string }> = {
  live: { label: 'Live', color: 'success', title: 'Verschiebungen anderer erscheinen sofort.' },
  verbinden: {
    label: 'Verbinden …',
    color: 'default',
    title: 'Verschiebungen anderer erscheinen, sobald die Verbindung steht.',
  },
  unterbrochen: {
    label: 'Unterbrochen',
    color: 'warning',
    title: 'Verbindung unterbrochen: Verschiebungen anderer erscheinen, sobald die Verbindung wieder steht.',
  },
};

/** Whether colleagues' moves arrive right now. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const look = LOOK[state];
  return (
    <Chip
      size="small"
      variant={state === 'live' ? 'filled' : 'outlined'}
      color={look.color}
      label={look.label}
      role="status"
      aria-live="polite"
      title={look.title}
    />
  );
}
