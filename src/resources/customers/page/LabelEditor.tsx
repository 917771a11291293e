import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { CustomerLabelChips } from '../CustomerLabelChips';
import type { SaveOutcome } from './useCustomerField';
import type { LabelRecord } from '../../labels/labelTypes';

/** The customer's labels, removable with their ×, and "Label" to add one of the active customer labels. */
export function LabelEditor({
  labelIds,
  waiting = false,
  onChange,
}: {
  labelIds: readonly number[];
  /** The labels shown were changed offline and wait in the outbox. */
  waiting?: boolean;
  /** The new label ids with their names (how a change waiting offline is shown). */
  onChange: (labelIds: number[], names: string[]) => Promise<SaveOutcome>;
}) {
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: labels = [] } = useGetList<LabelRecord>('admin/labels', {
    filter: { forCustomer: true, active: true },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const change = async (next: number[], done: string) => {
    const names = next.map((id) => labels.find((label) => label.id === id)?.name ?? `Label ${id}`);
    const outcome = await onChange(next, names);
    if (outcome.ok) notify(done, { type: 'info' });
    else if (!outcome.conflict) notify(outcome.message, { type: 'error' });
  };
  const addable = labels.filter((label) => !labelIds.includes(label.id));
  return (
    <CustomerLabelChips
      ids={labelIds}
      onDelete={(label) =>
        change(
          labelIds.filter((id) => id !== label.id),
          `Label „${label.name}“ entfernt.`,
        )
      }
    >
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={!addable.length}
      >
        Label
      </Button>
      {waiting && <Chip size="small" color="info" label="wartet" />}
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {addable.map((label) => (
          <MenuItem
            key={label.id}
            onClick={() => {
              setAnchor(null);
              void change([...labelIds, label.id], `Label „${label.name}“ hinzugefügt.`);
            }}
          >
            {label.name}
          </MenuItem>
        ))}
      </Menu>
    </CustomerLabelChips>
  );
}
