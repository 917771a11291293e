import { Alert, Box, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient, useEndpointMutation } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import {
  createAutomation,
  getAutomation,
  listAutomations,
  setAutomationState,
  simulateAutomation,
  updateAutomation,
  type AutomationDetail,
  type AutomationOptions,
} from './automation.endpoints';
import { ActionsSection } from './ActionsSection';
import { AutomationStateBar } from './AutomationStateBar';
import {
  draftOf,
  draftProblems,
  isConflict,
  newDraft,
  problemsOf,
  type Draft,
  type Problems,
} from './automationDraft';
import { ConditionsSection } from './ConditionsSection';
import { at, NumberField, SelectField } from './formFields';
import { RunLog } from './RunLog';
import { SimulationPanel } from './SimulationPanel';
import { TriggerSection } from './TriggerSection';

/** A titled part of the form. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Create or edit an automation: name and branch, trigger, conditions, actions; Speichern (a new version when the
 * definition changed; 409 when someone saved in between), Simulieren, Aktivieren/Pausieren and the run log.
 */
export function AutomationForm(props: {
  automation: AutomationDetail | null;
  options: AutomationOptions;
  listPath: string;
  onReload: () => void;
}) {
  const { automation, options, listPath } = props;
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const { key: idempotencyKey } = useIdempotencyKey();
  const [draft, setDraft] = useState<Draft>(() =>
    automation
      ? draftOf(automation)
      : newDraft(options.allBranches ? null : (options.branches[0]?.id ?? null)),
  );
  const [problems, setProblems] = useState<Problems>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const simulation = useEndpointMutation(simulateAutomation);
  const dirty = !automation || JSON.stringify(draft) !== JSON.stringify(draftOf(automation));
  const needsBranch = !options.allBranches;
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const setDefinition = (next: Partial<Draft['definition']>) =>
    setDraft((current) => ({ ...current, definition: { ...current.definition, ...next } }));

  const saved = (result: AutomationDetail, message: string) => {
    queryClient.setQueryData(endpointKey(getAutomation, { params: { id: result.id } }), result);
    void queryClient.invalidateQueries({ queryKey: endpointKey(listAutomations) });
    setConflict(null);
    notify(message, { type: 'success' });
  };
  const refused = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (isConflict(error)) setConflict(message);
    setProblems(problemsOf(error));
    notify(message, { type: 'error' });
  };

  const save = async () => {
    const found = draftProblems(draft, needsBranch);
    setProblems(found);
    if (Object.keys(found).length)
      return notify('Bitte prüfen Sie die markierten Felder.', { type: 'error' });
    setBusy(true);
    try {
      if (automation) {
        const params = { id: automation.id };
        saved(
          await api.call(updateAutomation, { params, body: { ...draft, version: automation.version } }),
          'Gespeichert.',
        );
      } else {
        const created = await api.call(createAutomation, { body: draft, idempotencyKey });
        saved(created, 'Als Entwurf gespeichert. Simulieren Sie sie, dann aktivieren Sie sie.');
        navigate(`${listPath}/${created.id}`, { replace: true });
      }
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const simulate = () => {
    const found = draftProblems({ ...draft, name: draft.name || 'Entwurf' }, needsBranch);
    setProblems(found);
    if (Object.keys(found).length)
      return notify('Bitte prüfen Sie die markierten Felder.', { type: 'error' });
    const body = {
      automationId: automation?.id ?? null,
      branchId: draft.branchId,
      definition: draft.definition,
    };
    simulation.mutate({ body }, { onError: (error) => setProblems(problemsOf(error)) });
  };

  const setState = async (state: 'aktiv' | 'pausiert') => {
    if (!automation) return;
    setBusy(true);
    try {
      const result = await api.call(setAutomationState, {
        params: { id: automation.id },
        body: { state, version: automation.version },
      });
      saved(result, state === 'aktiv' ? 'Aktiviert.' : 'Pausiert.');
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const half = { xs: 12, sm: 6 } as const;
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {automation ? automation.name : 'Neue Automatisierung'}
      </Typography>
      {automation && (
        <AutomationStateBar
          automation={automation}
          busy={busy}
          dirty={dirty}
          onState={(s) => void setState(s)}
        />
      )}
      {automation?.pausedReason && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Pausiert: {automation.pausedReason}
        </Alert>
      )}
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={props.onReload}>
              Neu laden
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      <Stack spacing={2}>
        <Part title="Allgemein">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12 }}>
              <TextField
                fullWidth
                size="small"
                label="Name"
                required
                value={draft.name}
                error={Boolean(at(problems, 'name'))}
                helperText={at(problems, 'name')}
                slotProps={{ htmlInput: { maxLength: 120 } }}
                onChange={(event) => change({ name: event.target.value })}
              />
            </Grid>
            <Grid size={half}>
              <SelectField
                label="Gilt für"
                none={options.allBranches ? 'Alle Filialen' : undefined}
                value={draft.branchId}
                choices={options.branches}
                error={at(problems, 'branchId')}
                onChange={(branchId) => change({ branchId })}
              />
            </Grid>
            <Grid size={half}>
              <NumberField
                label="Höchstens Läufe je Minute"
                value={draft.runsPerMinute}
                min={1}
                max={100_000}
                error={at(problems, 'runsPerMinute')}
                helperText="Darüber wird sie pausiert und Sie werden benachrichtigt."
                onChange={(runsPerMinute) => change({ runsPerMinute })}
              />
            </Grid>
          </Grid>
        </Part>
        <Part title="Auslöser">
          <TriggerSection
            trigger={draft.definition.trigger}
            problems={problems}
            options={options}
            onChange={(trigger) => setDefinition({ trigger })}
          />
        </Part>
        <Part title="Bedingungen">
          <ConditionsSection
            conditions={draft.definition.conditions}
            problems={problems}
            options={options}
            onChange={(conditions) => setDefinition({ conditions })}
          />
        </Part>
        <Part title="Aktionen">
          <ActionsSection
            actions={draft.definition.actions}
            problems={problems}
            options={options}
            onChange={(actions) => setDefinition({ actions })}
          />
        </Part>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          disabled={busy || !dirty}
          onClick={() => void save()}
          sx={{ minHeight: 44 }}
        >
          Speichern
        </Button>
        <Button variant="outlined" disabled={simulation.isPending} onClick={simulate} sx={{ minHeight: 44 }}>
          Simulieren
        </Button>
      </Stack>
      <SimulationPanel simulation={simulation.data} running={simulation.isPending} error={simulation.error} />
      {automation && <RunLog automationId={automation.id} name={automation.name} />}
    </Box>
  );
}
