import FilterAltIcon from '@mui/icons-material/FilterAlt';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import { Button, IconButton, MenuItem, Popover, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { MATCH_MODE_CHOICES } from '../../i18n/crmMessages';
import type { FieldDeclaration } from '../entity';
import { useOpenedOnce } from '../../layout/useOpenedOnce';

interface TextFilter {
  mode: string;
  value: string;
}

/** The filter values a column filter offers besides typed text: choices, or Ja/Nein for booleans. */
const choicesOf = (field: FieldDeclaration) =>
  field.type === 'boolean'
    ? [
        { id: 'true', name: 'Ja' },
        { id: 'false', name: 'Nein' },
      ]
    : (field.choices ?? []);

/** Whether a field gets a filter in its column header. */
export const hasColumnFilter = (field: FieldDeclaration): boolean =>
  (field.filterable === true && (field.type === 'text' || field.type === 'longtext')) ||
  field.type === 'boolean' ||
  field.type === 'choice';

/**
 * A column's filter: a text field with its match mode, or a choice; 'Anwenden' filters on the
 * server, 'Löschen' removes the filter, 'Abbrechen' closes without change.
 */
export function ColumnFilter({ field }: { field: FieldDeclaration }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A list has a closed one per column: each is mounted only once opened.
  const opened = useOpenedOnce(anchor !== null);
  const titleId = useId();
  const current: unknown = filterValues[field.source];
  const isText = field.type === 'text' || field.type === 'longtext';
  const [draft, setDraft] = useState<TextFilter>({ mode: 'contains', value: '' });
  const [choice, setChoice] = useState('');
  const active = current !== undefined && current !== '' && current !== null;

  const open = (target: HTMLElement) => {
    const text = (current ?? {}) as Partial<TextFilter>;
    setDraft({ mode: text.mode ?? 'contains', value: text.value ?? '' });
    setChoice(current === undefined || current === null ? '' : String(current));
    setAnchor(target);
  };
  const apply = (value: unknown) => {
    const { [field.source]: _removed, ...others } = filterValues as Record<string, unknown>;
    setFilters(value === undefined ? others : { ...others, [field.source]: value });
    setAnchor(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isText) apply(draft.value.trim() ? { ...draft, value: draft.value.trim() } : undefined);
    else apply(choice === '' ? undefined : field.type === 'boolean' ? choice === 'true' : choice);
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={`${field.label} filtern${active ? ' (aktiv)' : ''}`}
        aria-haspopup="dialog"
        color={active ? 'primary' : 'default'}
        onClick={(event) => open(event.currentTarget)}
        sx={{ ml: 0.25 }}
      >
        {active ? <FilterAltIcon fontSize="inherit" /> : <FilterAltOutlinedIcon fontSize="inherit" />}
      </IconButton>
      {opened && (
        <Popover
          open={anchor !== null}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, width: 280 } } }}
        >
          <Stack component="form" spacing={1.5} onSubmit={submit}>
            <Typography id={titleId} variant="subtitle2">
              {field.label}
            </Typography>
            {isText ? (
              <>
                <TextField
                  select
                  size="small"
                  label={translate('crm.filter.mode')}
                  value={draft.mode}
                  onChange={(event) => setDraft({ ...draft, mode: event.target.value })}
                >
                  {MATCH_MODE_CHOICES.map((mode) => (
                    <MenuItem key={mode.id} value={mode.id}>
                      {translate(mode.name)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label="Wert"
                  autoFocus
                  value={draft.value}
                  onChange={(event) => setDraft({ ...draft, value: event.target.value })}
                />
              </>
            ) : (
              <TextField
                select
                size="small"
                label="Wert"
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">
                  <em>{translate('crm.filter.choose')}</em>
                </MenuItem>
                {choicesOf(field).map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {translate(option.name, { _: option.name })}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <Button size="small" onClick={() => apply(undefined)}>
                {translate('crm.filter.clear')}
              </Button>
              <Button size="small" onClick={() => setAnchor(null)}>
                {translate('crm.filter.cancel')}
              </Button>
              <Button size="small" variant="contained" type="submit">
                {translate('crm.filter.apply')}
              </Button>
            </Stack>
          </Stack>
        </Popover>
      )}
    </>
  );
}
