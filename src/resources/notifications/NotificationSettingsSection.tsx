import { List, ListItem, ListItemText, ListSubheader, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { endpointKey, type ResultOf } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { getNotificationSettings, putNotificationSettings } from './notifications.endpoints';
import { NOTIFICATION_KINDS, type NotificationKind } from './notificationTypes';

type Settings = ResultOf<typeof getNotificationSettings>;

/** Profil → Benachrichtigungen: a switch per kind and the daily e-mail digest, each saved at once. */
export function NotificationSettingsSection() {
  const settings = useEndpoint(getNotificationSettings, {});
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  // Someone without a CRM user yet (403) has nothing to set: the section stays away.
  if (!settings.data) return null;
  const data = settings.data;

  const save = async (next: Pick<Settings, 'mutedKinds' | 'dailyDigest'>) => {
    setSaving(true);
    try {
      const saved = await api.call(putNotificationSettings, { body: next });
      queryClient.setQueryData(endpointKey(getNotificationSettings, {}), saved);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const toggleKind = (kind: NotificationKind, on: boolean) =>
    save({
      mutedKinds: on ? data.mutedKinds.filter((muted) => muted !== kind) : [...data.mutedKinds, kind],
      dailyDigest: data.dailyDigest,
    });

  return (
    <List
      aria-labelledby="benachrichtigungen-einstellungen"
      subheader={
        <ListSubheader id="benachrichtigungen-einstellungen" disableSticky>
          Benachrichtigungen
        </ListSubheader>
      }
    >
      {NOTIFICATION_KINDS.map((kind) => (
        <ListItem key={kind.id} dense>
          <ListItemText primary={kind.name} id={`benachrichtigung-${kind.id}`} />
          <Switch
            edge="end"
            disabled={saving}
            checked={!data.mutedKinds.includes(kind.id)}
            onChange={(event) => void toggleKind(kind.id, event.target.checked)}
            slotProps={{ input: { 'aria-labelledby': `benachrichtigung-${kind.id}` } }}
          />
        </ListItem>
      ))}
      <ListItem dense>
        <ListItemText
          id="benachrichtigung-zusammenfassung"
          primary="Tägliche Zusammenfassung per E-Mail"
          secondary={
            data.digestAddress ? (
              `Ungelesenes morgens an ${data.digestAddress}`
            ) : (
              <Typography component="span" variant="body2" color="warning.main">
                Für Sie ist keine E-Mail-Adresse hinterlegt.
              </Typography>
            )
          }
          slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
        />
        <Switch
          edge="end"
          disabled={saving || (!data.digestAddress && !data.dailyDigest)}
          checked={data.dailyDigest}
          onChange={(event) => void save({ mutedKinds: data.mutedKinds, dailyDigest: event.target.checked })}
          slotProps={{ input: { 'aria-labelledby': 'benachrichtigung-zusammenfassung' } }}
        />
      </ListItem>
    </List>
  );
}
