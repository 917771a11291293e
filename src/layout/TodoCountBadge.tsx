import { Badge } from '@mui/material';
import type { ReactNode } from 'react';
import { useEndpoint } from '../api/useEndpoint';
import { getTodoCount } from '../resources/todos/dueItems.endpoints';

function CountBadge({ children }: { children: ReactNode }) {
  // Refreshed after every change of a due item (useDueItemActions) and every 5 minutes, for the day's turn.
  const { data } = useEndpoint(getTodoCount, {}, { refetchInterval: 5 * 60_000, staleTime: 60_000 });
  const count = data?.urgent ?? 0;
  return (
    <Badge
      badgeContent={count}
      color="error"
      max={99}
      invisible={count === 0}
      slotProps={{ badge: { 'aria-label': `${count} Todos überfällig oder heute` } as object }}
    >
      {children}
    </Badge>
  );
}

/** The icon of a menu entry; Todos carry the number of overdue + today's todos. */
export function MenuEntryBadge({ icon, children }: { icon: string; children: ReactNode }) {
  return icon === 'todos' ? <CountBadge>{children}</CountBadge> : <>{children}</>;
}
