import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Card, CardContent, Grid, IconButton, Stack, Typography } from '@mui/material';
import type { AutomationOptions } from './automation.endpoints';
import { ACTION_NAMES } from './automation.rules';
import { newAction, type Problems } from './automationDraft';
import type { Action, ActionKind } from './automationTypes';
import { ActionFields } from './ActionFields';
import { at, SelectField } from './formFields';

const ACTION_KINDS = Object.keys(ACTION_NAMES) as ActionKind[];
const MAX_ACTIONS = 10;

/** The actions in order, each with its kind and parameters; add and remove. */
export function ActionsSection(props: {
  actions: Action[];
  onChange: (actions: Action[]) => void;
  problems: Problems;
  options: AutomationOptions;
}) {
  const { actions, onChange, problems, options } = props;
  const replace = (index: number, action: Action) =>
    onChange(actions.map((current, i) => (i === index ? action : current)));
  return (
    <Stack spacing={2}>
      {at(problems, 'actions') && <Alert severity="error">{at(problems, 'actions')}</Alert>}
      {actions.map((action, index) => (
        <Card key={index} variant="outlined" component="section" aria-label={`Aktion ${index + 1}`}>
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>Aktion {index + 1}</Typography>
              {actions.length > 1 && (
                <IconButton
                  aria-label={`Aktion ${index + 1} entfernen`}
                  onClick={() => onChange(actions.filter((_, i) => i !== index))}
                  sx={{ minWidth: 44, minHeight: 44 }}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12 }}>
                <SelectField
                  label="Aktion"
                  value={action.kind}
                  choices={ACTION_KINDS.map((id) => ({ id, name: ACTION_NAMES[id] }))}
                  onChange={(kind) => kind && kind !== action.kind && replace(index, newAction(kind))}
                />
              </Grid>
              <ActionFields
                action={action}
                index={index}
                problems={problems}
                options={options}
                onChange={(changed) => replace(index, changed)}
              />
            </Grid>
          </CardContent>
        </Card>
      ))}
      {actions.length < MAX_ACTIONS && (
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => onChange([...actions, newAction('todo')])}
            sx={{ minHeight: 44 }}
          >
            Aktion hinzufügen
          </Button>
        </Box>
      )}
    </Stack>
  );
}
