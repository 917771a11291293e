import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Menu, MenuItem, Popover, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { useIdempotencyKey } from '../../../api/useIdempotencyKey';
import { companyToday } from '../../../config/companyTime';
import { formatDate } from '../../../i18n/format';
import { LazyDayPicker } from '../../../i18n/LazyDayPicker';
import { ColorChip } from '../../generic/ColorChip';
import { changeLabelOfVorgang } from '../vorgang.endpoints';
import type { VorgangDetail, VorgangLabel } from '../vorgangPageTypes';
import { useCompanyZone } from '../../../config/useCompanyZone';
import { useVorgangChange } from './useVorgangChange';
import type { LabelRecord } from '../../labels/labelTypes';

/**
 * The Vorgang's labels with their due dates (due ones marked): × removes, a click changes the due date,
 * "Label" adds one of the active Vorgang labels, due after its "fällig nach" days.
 */
export function VorgangLabels({ vorgang }: { vorgang: VorgangDetail }) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const today = companyToday(useCompanyZone());
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<{
    anchor: HTMLElement;
    label: VorgangLabel;
    day: string | null;
  } | null>(null);
  // One key per opening of the label menu: a double click on a label adds it once.
  const { key: addKey } = useIdempotencyKey(Boolean(menu));
  const { data: labels = [] } = useGetList<LabelRecord>('admin/labels', {
    filter: { forVorgang: true, active: true },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const send = (
    labelId: number,
    action: 'add' | 'remove' | 'setDueDate',
    done: string,
    dueDate?: string | null,
  ) =>
    change(
      () =>
        api.call(changeLabelOfVorgang, {
          body: { vorgangId: vorgang.id, version: vorgang.version, labelId, action, dueDate },
          idempotencyKey: action === 'add' ? addKey : undefined,
        }),
      done,
    );
  const addable = labels.filter((label) => !vorgang.labels.some((l) => l.labelId === label.id));
  const saveDay = async (day: string | null) => {
    if (!editing) return;
    const { label } = editing;
    setEditing(null);
    await send(
      label.labelId,
      'setDueDate',
      day ? `„${label.name}“ fällig am ${formatDate(day)}.` : `„${label.name}“ ohne Fälligkeit.`,
      day,
    );
  };
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {vorgang.labels.map((label) => {
        const due = label.dueDate !== null && label.dueDate <= today;
        return (
          <ColorChip
            key={label.labelId}
            name={`${label.name}${label.dueDate ? ` · ${due ? 'fällig seit' : 'fällig'} ${formatDate(label.dueDate)}` : ''}`}
            color={label.color}
            aria-label={`Label ${label.name}`}
            title="Fälligkeit ändern"
            onClick={(event) =>
              setEditing({ anchor: event.currentTarget, label, day: label.dueDate ?? today })
            }
            onDelete={() => void send(label.labelId, 'remove', `Label „${label.name}“ entfernt.`)}
            sx={due ? { outline: '2px solid', outlineColor: 'error.main', outlineOffset: 1 } : undefined}
          />
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={(event) => setMenu(event.currentTarget)}
        disabled={!addable.length}
      >
        Label
      </Button>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {addable.map((label) => (
          <MenuItem
            key={label.id}
            onClick={() => {
              setMenu(null);
              void send(label.id, 'add', `Label „${label.name}“ hinzugefügt.`);
            }}
          >
            {label.name}
            {/* A space of its own: without it the item's name ran together ("Rückruffällig nach 2 Tagen"). */}
            {label.dueAfterDays !== null && ' '}
            {label.dueAfterDays !== null && (
              <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                fällig nach {label.dueAfterDays} {label.dueAfterDays === 1 ? 'Tag' : 'Tagen'}
              </Typography>
            )}
          </MenuItem>
        ))}
      </Menu>
      <Popover
        open={Boolean(editing)}
        anchorEl={editing?.anchor}
        onClose={() => setEditing(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {editing && (
          <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 240 }}>
            <Typography variant="subtitle2">Fälligkeit von „{editing.label.name}“</Typography>
            <LazyDayPicker
              label="Fällig am"
              value={editing.day}
              onChange={(day) => setEditing({ ...editing, day })}
            />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button size="small" onClick={() => void saveDay(null)}>
                Ohne Datum
              </Button>
              <Button
                size="small"
                variant="contained"
                disabled={!editing.day}
                onClick={() => void saveDay(editing.day)}
              >
                Speichern
              </Button>
            </Box>
          </Box>
        )}
      </Popover>
    </Stack>
  );
}
