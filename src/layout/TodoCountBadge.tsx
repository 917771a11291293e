import { Badge } from '@mui/material';
import type { ReactNode } from 'react';
import { useEndpoint } from '../api/useEndpoint';
import { getTodoCount } from '../resources/todos/dueItems.endpoints';
import { urgentTodosText } from '../resources/todos/todoCounts.rules';

function CountBadge({ children }: { children: ReactNode }) {
  // Refreshed after every change of a due item (useDueItemActions) and every 5 minutes, for the day's turn.
  const { data } = useEndpoint(getTodoCount, {}, { refetchInterval: 5 * 60_000, staleTime: 60_000 });
  const count = data?.urgent ?? 0;
  // Says what the number counts (a tooltip on the number, and its accessible name): the dashboard's link counts
  // every open todo, this one only the overdue and today's.
  const meaning = urgentTodosText(count);
  return (
    <Badge
      badgeContent={count}
      color="error"
      max={99}
      invisible={count === 0}
      slotProps={{ badge: { 'aria-label': meaning, title: meaning } as object }}
    >
      {children}
    </Badge>
  );
}

/** The icon of a menu entry; Todos carry the number of overdue + today's todos, saying so on hover. */
export function MenuEntryBadge({ icon, children }: { icon: string; children: ReactNode }) {
  return icon === 'todos' ? <CountBadge>{children}</CountBadge> : <>{children}</>;
}
