import { Alert, LinearProgress } from '@mui/material';
import { useParams } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { AreaPage } from '../../layout/AreaPage';
import { getAutomation, getAutomationOptions } from './automation.endpoints';
import { useAutomationArea } from './automationArea';
import { AutomationForm } from './AutomationForm';

/** Admin → Automatisierung → one automation ("neu": a new one): the form, Simulieren, state and run log. */
export default function AutomationEditPage() {
  const { id = 'neu' } = useParams();
  const { area, listPath } = useAutomationArea();
  const isNew = id === 'neu';
  const numericId = Number(id);
  const options = useEndpoint(getAutomationOptions, {});
  const detail = useEndpoint(
    getAutomation,
    { params: { id: numericId } },
    { enabled: !isNew && Number.isInteger(numericId) },
  );
  const error = options.error ?? (isNew ? null : detail.error);
  const ready = options.data && (isNew || detail.data);
  return (
    <AreaPage area={area} title={isNew ? 'Neue Automatisierung' : (detail.data?.name ?? 'Automatisierung')}>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error.message}
        </Alert>
      )}
      {!ready && !error && <LinearProgress aria-label="Wird geladen" sx={{ mt: 2 }} />}
      {ready && (
        <AutomationForm
          // After a save or a reload the form starts again from what the server has.
          key={isNew ? 'neu' : `${numericId}:${detail.data!.version}`}
          automation={isNew ? null : detail.data!}
          options={options.data!}
          listPath={listPath}
          onReload={() => void detail.refetch()}
        />
      )}
    </AreaPage>
  );
}
