import { Grid, TextField } from '@mui/material';
import type { AutomationOptions } from './automation.endpoints';
import { RECIPIENT_NAMES, TEXT_PLACEHOLDERS } from './automation.rules';
import type { Problems } from './automationDraft';
import { RECIPIENT_ROLES, type Action, type Recipient } from './automationTypes';
import { at, NumberField, SelectField } from './formFields';

const half = { xs: 12, sm: 6 } as const;
const full = { xs: 12 } as const;
const PLACEHOLDER_HINT = `Platzhalter: ${TEXT_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}`;

/** Whom an action means: a role, or one person. */
function RecipientFields(props: {
  label: string;
  recipient: Recipient;
  onChange: (recipient: Recipient) => void;
  error?: string;
  options: AutomationOptions;
}) {
  const { recipient, onChange, options } = props;
  return (
    <>
      <Grid size={half}>
        <SelectField
          label={props.label}
          value={recipient.role}
          choices={RECIPIENT_ROLES.map((id) => ({ id, name: RECIPIENT_NAMES[id] }))}
          onChange={(role) => role && onChange({ role, userId: role === 'person' ? recipient.userId : null })}
        />
      </Grid>
      {recipient.role === 'person' && (
        <Grid size={half}>
          <SelectField
            label="Person"
            value={recipient.userId}
            choices={options.users}
            error={props.error}
            onChange={(userId) => onChange({ ...recipient, userId })}
          />
        </Grid>
      )}
    </>
  );
}

/** A text with placeholders. */
function TemplateField(props: {
  value: string;
  onChange: (text: string) => void;
  error?: string;
  max: number;
}) {
  return (
    <Grid size={full}>
      <TextField
        fullWidth
        size="small"
        multiline
        minRows={2}
        label="Text"
        value={props.value}
        error={Boolean(props.error)}
        helperText={props.error ?? PLACEHOLDER_HINT}
        slotProps={{ htmlInput: { maxLength: props.max } }}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Grid>
  );
}

/** The parameters of one action, by its kind. */
export function ActionFields(props: {
  action: Action;
  index: number;
  onChange: (action: Action) => void;
  problems: Problems;
  options: AutomationOptions;
}) {
  const { action, onChange, options } = props;
  const problem = (field: string) => at(props.problems, `actions.${props.index}.${field}`);
  switch (action.kind) {
    case 'todo':
      return (
        <>
          <Grid size={half}>
            <SelectField
              label="Art des Todos"
              value={action.todoKind}
              choices={[
                { id: 'aktivitaet', name: 'Geplante Aktivität' },
                { id: 'label', name: 'Fälliges Label am Vorgang' },
              ]}
              onChange={(todoKind) => todoKind && onChange({ ...action, todoKind })}
            />
          </Grid>
          <Grid size={half}>
            {action.todoKind === 'aktivitaet' ? (
              <SelectField
                label="Aktivität"
                value={action.activityType || null}
                choices={options.activityTypes}
                error={problem('activityType')}
                onChange={(activityType) => onChange({ ...action, activityType: activityType ?? '' })}
              />
            ) : (
              <SelectField
                label="Label"
                value={action.labelId}
                choices={options.labels}
                error={problem('labelId')}
                onChange={(labelId) => onChange({ ...action, labelId })}
              />
            )}
          </Grid>
          <RecipientFields
            label="Für"
            recipient={action.recipient}
            error={problem('recipient')}
            options={options}
            onChange={(recipient) => onChange({ ...action, recipient })}
          />
          <Grid size={half}>
            <NumberField
              label="Fällig in Arbeitstagen"
              value={action.dueInWorkingDays}
              min={0}
              max={365}
              error={problem('dueInWorkingDays')}
              onChange={(dueInWorkingDays) => onChange({ ...action, dueInWorkingDays })}
            />
          </Grid>
          <TemplateField
            value={action.text}
            max={500}
            error={problem('text')}
            onChange={(text) => onChange({ ...action, text })}
          />
        </>
      );
    case 'mail':
      return (
        <Grid size={full}>
          <SelectField
            label="Textvorlage"
            value={action.templateId || null}
            choices={options.templates}
            error={problem('templateId')}
            onChange={(templateId) => onChange({ ...action, templateId: templateId ?? 0 })}
          />
        </Grid>
      );
    case 'feld':
      return (
        <>
          <Grid size={half}>
            <SelectField
              label="Feld"
              value={action.field}
              choices={[
                { id: 'eigenerStatus', name: 'Eigener Status' },
                { id: 'verkaeufer', name: 'Verkäufer' },
              ]}
              onChange={(field) => field && onChange({ ...action, field, valueId: null })}
            />
          </Grid>
          <Grid size={half}>
            <SelectField
              label="Neuer Wert"
              none={action.field === 'eigenerStatus' ? 'Ohne Status' : undefined}
              value={action.valueId}
              choices={action.field === 'eigenerStatus' ? options.customStatuses : options.users}
              error={problem('valueId')}
              onChange={(valueId) => onChange({ ...action, valueId })}
            />
          </Grid>
        </>
      );
    case 'benachrichtigung':
      return (
        <>
          <RecipientFields
            label="An"
            recipient={action.recipients[0]!}
            error={problem('recipients')}
            options={options}
            onChange={(recipient) => onChange({ ...action, recipients: [recipient] })}
          />
          <TemplateField
            value={action.text}
            max={300}
            error={problem('text')}
            onChange={(text) => onChange({ ...action, text })}
          />
        </>
      );
    case 'webhook':
      return (
        <>
          <Grid size={full}>
            <TextField
              fullWidth
              size="small"
              label="Adresse (https://…)"
              value={action.url}
              error={Boolean(problem('url'))}
              helperText={problem('url')}
              slotProps={{ htmlInput: { inputMode: 'url', maxLength: 500 } }}
              onChange={(event) => onChange({ ...action, url: event.target.value })}
            />
          </Grid>
          <Grid size={full}>
            <TextField
              fullWidth
              size="small"
              label="Schlüssel für die Signatur"
              value={action.secret}
              error={Boolean(problem('secret'))}
              helperText={
                problem('secret') ?? 'Mindestens 16 Zeichen; der Empfänger prüft damit die Signatur.'
              }
              slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
              onChange={(event) => onChange({ ...action, secret: event.target.value })}
            />
          </Grid>
        </>
      );
  }
}
