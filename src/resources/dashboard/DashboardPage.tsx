import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import { AREAS } from '../areas';

/** Landing page after sign-in: a greeting and the areas this person may open. */
export function DashboardPage() {
  const { identity } = useGetIdentity();
  const { permissions = [] } = usePermissions<string[]>();
  const areas = Object.values(AREAS).filter((area) => permissions.includes(area.group));
  return (
    <>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1 }}>
        Willkommen{identity?.fullName ? `, ${identity.fullName}` : ''}!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Kennzahlen, fällige Aufgaben und Ihre Vorgänge erscheinen hier, sobald diese Bereiche freigeschaltet
        sind.
      </Typography>
      <Grid container spacing={2}>
        {areas.map((area) => (
          <Grid key={area.path} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={`/crm/${area.path}`}>
                <CardContent>
                  <Typography variant="h6">{area.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    Stammdaten und Einstellungen bearbeiten
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
