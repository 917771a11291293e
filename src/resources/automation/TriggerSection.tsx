import { Grid, Typography } from '@mui/material';
import { BELEG_TYPE_LABELS } from '../vorgaenge/vorgangListTypes';
import type { AutomationOptions } from './automation.endpoints';
import { DATE_FIELD_NAMES, OFFER_ANSWER_NAMES, TRIGGER_NAMES } from './automation.rules';
import { newTrigger, type Problems } from './automationDraft';
import {
  DATE_FIELDS,
  OFFER_ANSWERS,
  OFFER_LINK_DATE_FIELDS,
  TRIGGER_BELEG_TYPES,
  TRIGGER_KINDS,
  type Trigger,
} from './automationTypes';
import { at, CheckboxGroupField, NumberField, SelectField } from './formFields';

const choicesOf = <K extends string>(names: Record<K, string>, keys: readonly K[]) =>
  keys.map((id) => ({ id, name: names[id] }));

/** The trigger: its kind and the parameters of that kind (working-day offsets, status change, score band). */
export function TriggerSection(props: {
  trigger: Trigger;
  onChange: (trigger: Trigger) => void;
  problems: Problems;
  options: AutomationOptions;
}) {
  const { trigger, onChange, problems, options } = props;
  const full = { xs: 12 } as const;
  const half = { xs: 12, sm: 6 } as const;
  return (
    <Grid container spacing={2}>
      <Grid size={full}>
        <SelectField
          label="Auslöser"
          value={trigger.kind}
          choices={choicesOf(TRIGGER_NAMES, TRIGGER_KINDS)}
          onChange={(kind) => kind && kind !== trigger.kind && onChange(newTrigger(kind))}
        />
      </Grid>
      {trigger.kind === 'beleg' && (
        <>
          <Grid size={full}>
            <CheckboxGroupField
              label="Belegarten"
              value={trigger.belegTypes}
              choices={TRIGGER_BELEG_TYPES}
              names={BELEG_TYPE_LABELS}
              onChange={(belegTypes) => onChange({ ...trigger, belegTypes })}
              error={at(problems, 'trigger.belegTypes')}
            />
          </Grid>
          <Grid size={half}>
            <NumberField
              label="Warten (Tage, 0: sofort)"
              value={trigger.waitDays}
              min={0}
              max={365}
              error={at(problems, 'trigger.waitDays')}
              onChange={(waitDays) => onChange({ ...trigger, waitDays })}
            />
          </Grid>
          <Grid size={half}>
            <SelectField
              label="Gezählt in"
              value={trigger.waitUnit}
              choices={[
                { id: 'arbeitstage', name: 'Arbeitstagen' },
                { id: 'kalendertage', name: 'Kalendertagen' },
              ]}
              onChange={(waitUnit) => waitUnit && onChange({ ...trigger, waitUnit })}
            />
          </Grid>
        </>
      )}
      {trigger.kind === 'eigenerStatus' && (
        <>
          <Grid size={half}>
            <SelectField
              label="Von Status"
              none="beliebig"
              value={trigger.fromStatusId}
              choices={options.customStatuses}
              error={at(problems, 'trigger.fromStatusId')}
              onChange={(fromStatusId) => onChange({ ...trigger, fromStatusId })}
            />
          </Grid>
          <Grid size={half}>
            <SelectField
              label="Nach Status"
              none="beliebig"
              value={trigger.toStatusId}
              choices={options.customStatuses}
              error={at(problems, 'trigger.toStatusId')}
              onChange={(toStatusId) => onChange({ ...trigger, toStatusId })}
            />
          </Grid>
        </>
      )}
      {trigger.kind === 'datum' && (
        <>
          <Grid size={full}>
            <SelectField
              label="Datum"
              value={trigger.field}
              choices={choicesOf(DATE_FIELD_NAMES, DATE_FIELDS)}
              onChange={(field) => field && onChange({ ...trigger, field })}
            />
            {(OFFER_LINK_DATE_FIELDS as readonly string[]).includes(trigger.field) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Ein Schritt des Nachfassens: einmal je gesendetem Online-Angebot, und nur solange es offen
                ist. Annahme, Ablehnung, Zurückziehen, ein neueres Angebot, eine Auftragsbestätigung oder
                „Nachfassen beenden“ am Vorgang beenden es.
              </Typography>
            )}
          </Grid>
          <Grid size={half}>
            <NumberField
              label="Arbeitstage"
              value={Math.abs(trigger.offsetWorkingDays)}
              min={0}
              max={365}
              error={at(problems, 'trigger.offsetWorkingDays')}
              onChange={(days) =>
                onChange({ ...trigger, offsetWorkingDays: trigger.offsetWorkingDays < 0 ? -days : days })
              }
            />
          </Grid>
          <Grid size={half}>
            <SelectField
              label="Richtung"
              value={trigger.offsetWorkingDays < 0 ? 'davor' : 'danach'}
              choices={[
                { id: 'danach', name: 'danach' },
                { id: 'davor', name: 'davor' },
              ]}
              onChange={(side) => {
                const days = Math.abs(trigger.offsetWorkingDays);
                onChange({ ...trigger, offsetWorkingDays: side === 'davor' ? -days : days });
              }}
            />
          </Grid>
        </>
      )}
      {trigger.kind === 'inaktiv' && (
        <Grid size={half}>
          <NumberField
            label="Arbeitstage ohne Aktivität"
            value={trigger.workingDays}
            min={1}
            max={365}
            error={at(problems, 'trigger.workingDays')}
            helperText="Nur offene Vorgänge (Anfrage, Angebot, Auftrag)."
            onChange={(workingDays) => onChange({ ...trigger, workingDays })}
          />
        </Grid>
      )}
      {trigger.kind === 'angebotOnline' && (
        <Grid size={full}>
          <CheckboxGroupField
            label="Antworten des Kunden"
            value={trigger.answers}
            choices={OFFER_ANSWERS}
            names={OFFER_ANSWER_NAMES}
            onChange={(answers) => onChange({ ...trigger, answers })}
            error={at(problems, 'trigger.answers')}
            helperText="Auf der Angebotsseite des Kunden (Angebot online); jede Antwort startet einmal."
          />
        </Grid>
      )}
      {trigger.kind === 'nps' && (
        <>
          <Grid size={half}>
            <NumberField
              label="Bewertung ab"
              value={trigger.minScore}
              min={0}
              max={10}
              error={at(problems, 'trigger.minScore')}
              onChange={(minScore) => onChange({ ...trigger, minScore })}
            />
          </Grid>
          <Grid size={half}>
            <NumberField
              label="Bewertung bis"
              value={trigger.maxScore}
              min={0}
              max={10}
              error={at(problems, 'trigger.maxScore')}
              onChange={(maxScore) => onChange({ ...trigger, maxScore })}
            />
          </Grid>
        </>
      )}
    </Grid>
  );
}
