import { Chip } from '@mui/material';
import type { LiveState } from './useKanbanEvents';

const LOOK: Record<LiveState, { label: string; color: 'success' | 'default' | 'warning' }> = {
  live: { label: 'Live', color: 'success' },
  verbinden: { label: 'Verbinden …', color: 'default' },
  unterbrochen: { label: 'Verbindung unterbrochen', color: 'warning' },
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
      title={
        state === 'live'
          ? 'Verschiebungen anderer erscheinen sofort.'
          : 'Verschiebungen anderer erscheinen, sobald die Verbindung wieder steht.'
      }
    />
  );
}
