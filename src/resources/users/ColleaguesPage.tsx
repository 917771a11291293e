import { Card, CardHeader, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { getUsersInMyGroup } from './users.endpoints';
import { AreaTabs } from '../../layout/AreaTabs';
import { UserAvatar } from './UserAvatar';

/** Admin-Benutzer → Mein Standort: the described users of my locations (user/usersInMyGroup; APP_ADMIN: index.ts). */
export default function ColleaguesPage() {
  const api = useEndpointClient();
  const { data: colleagues } = useQuery({
    queryKey: endpointKey(getUsersInMyGroup),
    // As in the client's app, a failed user-list read is an empty list, silently.
    queryFn: () => api.call(getUsersInMyGroup).catch(() => []),
  });
  return (
    <>
      <Title title="Mein Standort" />
      <AreaTabs area="admin-benutzer" />
      {!colleagues && <Loading />}
      {colleagues?.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          An Ihren Standorten ist noch niemand als Benutzer angelegt, oder Ihnen ist keine Standortgruppe
          zugeordnet.
        </Typography>
      )}
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {colleagues?.map((colleague) => (
          <Grid key={colleague.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardHeader
                avatar={<UserAvatar azureId={colleague.azureOid} name={colleague.name} size={40} />}
                title={colleague.name}
                subheader={[colleague.branchName, colleague.email].filter(Boolean).join(' · ')}
              />
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
