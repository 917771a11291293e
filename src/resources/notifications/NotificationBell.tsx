import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { Badge, IconButton, Popover, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { CrmDataProvider } from '../../dataProvider/entityDataProvider';

// The list, the count and the live stream load after the page is drawn: the first screen's weight stays as
// it was (the endpoint declarations and the stream reader are not part of it).
const NotificationList = lazy(() =>
  import('../kit/NotificationList').then((m) => ({ default: m.NotificationList })),
);
/** How long after the first draw the bell asks for its count (the page's own data goes first). */
const AFTER_FIRST_DRAW_MS = 2_500;

/** The bell in the top bar: the unread count, live; a click opens the list of notifications. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [unread, setUnread] = useState(0);
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CrmDataProvider>();

  useEffect(() => {
    let stop = () => {};
    let left = false;
    const timer = setTimeout(() => {
      void import('./notificationBellData').then(({ connectBell }) => {
        if (!left) stop = connectBell(dataProvider, queryClient, setUnread);
      });
    }, AFTER_FIRST_DRAW_MS);
    return () => {
      left = true;
      clearTimeout(timer);
      stop();
    };
  }, [dataProvider, queryClient]);

  const label = unread ? `Benachrichtigungen: ${unread} ungelesen` : 'Benachrichtigungen';
  return (
    <>
      <Tooltip title="Benachrichtigungen">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* No badge text at 0: a hidden "0" would still be text the button's name does not say. */}
          <Badge badgeContent={unread > 0 ? unread : null} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 400 }, maxHeight: '70vh' } } }}
      >
        <Suspense fallback={null}>{anchor && <NotificationList onClose={() => setAnchor(null)} />}</Suspense>
      </Popover>
    </>
  );
}
