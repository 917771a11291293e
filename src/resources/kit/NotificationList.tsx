import { Box, Button, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { endpointKey } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { formatCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import {
  listNotifications,
  markNotificationsRead,
  NOTIFICATIONS_CHANGED,
} from '../notifications/notifications.endpoints';
import type { Notification } from '../notifications/notificationTypes';

/**
 * The person's notifications, newest first: a click marks one read and opens its record; "Alle gelesen" marks
 * all. `onClose` closes the surrounding popover (none on Mein Tag).
 */
export function NotificationList({ onClose, limit = 20 }: { onClose?: () => void; limit?: number }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const zone = useCompanyZone();
  const { data, isPending } = useEndpoint(listNotifications, { query: { limit } });
  const refresh = async () => {
    window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));
    await queryClient.invalidateQueries({ queryKey: endpointKey(listNotifications) });
  };
  const open = async (item: Notification) => {
    if (!item.read) await api.call(markNotificationsRead, { body: { ids: [item.id] } });
    await refresh();
    onClose?.();
    if (item.link) navigate(item.link);
  };
  const rows = data?.rows ?? [];
  return (
    <Box role="region" aria-label="Benachrichtigungen">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          Benachrichtigungen
        </Typography>
        {(data?.unread ?? 0) > 0 && (
          <Button
            size="small"
            onClick={async () => {
              await api.call(markNotificationsRead, { body: { ids: null } });
              await refresh();
            }}
          >
            Alle gelesen
          </Button>
        )}
      </Box>
      {!isPending && rows.length === 0 && (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          Keine Benachrichtigungen.
        </Typography>
      )}
      <List dense disablePadding>
        {rows.map((item) => (
          <ListItemButton
            key={item.id}
            onClick={() => void open(item)}
            sx={{ minHeight: 48, alignItems: 'flex-start' }}
          >
            <ListItemText
              primary={item.title}
              secondary={[item.body, formatCompanyDateTime(item.createdAt, zone)].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
