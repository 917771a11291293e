import { Alert, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, HttpError, Loading, SaveButton, Toolbar, useNotify } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { getGlobalSettings, putGlobalSettings } from './globalSettings.endpoints';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { entitySchema, requiredSources } from '../entitySchema';
import { FieldInput } from '../generic/FieldInput';
import { useSchemaResolver } from '../generic/useSchemaResolver';
import { GLOBAL_SETTINGS } from './globalSettings.form';
import { AreaPage } from '../../layout/AreaPage';

const KEY = endpointKey(getGlobalSettings, {});
const schema = entitySchema(GLOBAL_SETTINGS);
const required = requiredSources(GLOBAL_SETTINGS);

/** Admin → Einstellungen: company data for documents, mail sender and defaults, as one form (APP_ADMIN). */
export default function GlobalSettingsPage() {
  return (
    <AreaPage area="admin" title="Einstellungen">
      <GlobalSettingsForm />
    </AreaPage>
  );
}

function GlobalSettingsForm() {
  const formatDateTime = useCompanyDateTime();
  const { resolver } = useSchemaResolver(schema);
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [stale, setStale] = useState<string | null>(null);
  const { data, error, refetch } = useEndpoint(getGlobalSettings, {});
  if (error) return <Alert severity="error">Die Einstellungen konnten nicht geladen werden.</Alert>;
  if (!data) return <Loading />;

  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = await api.call(putGlobalSettings, { body: { ...values, version: data.version } });
      queryClient.setQueryData(KEY, saved);
      setStale(null);
      notify('Die Einstellungen wurden gespeichert.', { type: 'success' });
      return undefined;
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      if (failure instanceof HttpError && failure.status === 409) setStale(message);
      notify(message, { type: 'error' });
      // Field messages of the server land at their inputs.
      return failure instanceof HttpError
        ? (failure.body as { errors?: Record<string, string> })?.errors
        : undefined;
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 960 }}>
      {/* A new key after saving or reloading: the form starts again from what the server has. */}
      <Form key={data.version} record={data} resolver={resolver} onSubmit={save}>
        <CardContent>
          {stale && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => void refetch().then(() => setStale(null))}
                >
                  Neu laden
                </Button>
              }
            >
              {stale}
            </Alert>
          )}
          {GLOBAL_SETTINGS.sections.map((section) => (
            <section key={section.title} aria-label={section.title}>
              <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
                {section.title}
              </Typography>
              <Grid container columnSpacing={2}>
                {section.fields.map((source) => {
                  const field = GLOBAL_SETTINGS.fields.find((f) => f.source === source)!;
                  return (
                    <Grid key={source} size={{ xs: 12, sm: 6 }}>
                      <FieldInput field={field} required={required.has(source)} />
                    </Grid>
                  );
                })}
              </Grid>
            </section>
          ))}
          <Typography variant="body2" color="text.secondary">
            Zuletzt geändert {formatDateTime(data.updatedAt)}
            {data.updatedBy ? ` von ${data.updatedBy}` : ''}.
          </Typography>
        </CardContent>
        <Toolbar>
          <SaveButton />
        </Toolbar>
      </Form>
    </Card>
  );
}
