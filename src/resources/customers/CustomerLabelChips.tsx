import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetManyAggregate } from 'react-admin';
import { ColorChip } from '../generic/ColorChip';
import type { LabelRecord } from '../labels/labelTypes';

/**
 * A customer's labels as coloured chips; `onDelete` makes each removable, `children` come last. `labels` are the
 * records when the caller has them already (a list page brings them along); otherwise they are asked for, and
 * the asks of all chips drawn at once go out as one request.
 */
export function CustomerLabelChips({
  ids = [],
  labels,
  onDelete,
  children,
}: {
  ids?: readonly number[];
  labels?: readonly LabelRecord[];
  onDelete?: (label: LabelRecord) => void;
  children?: ReactNode;
}) {
  const { data: fetched = [] } = useGetManyAggregate<LabelRecord>(
    'admin/labels',
    { ids: [...ids] },
    { enabled: ids.length > 0 && !labels },
  );
  const data = labels ?? fetched;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {data.map((label) => (
        <ColorChip
          key={label.id}
          name={label.name}
          color={label.color}
          onDelete={onDelete ? () => onDelete(label) : undefined}
          aria-label={onDelete ? `Label ${label.name}` : undefined}
        />
      ))}
      {children}
    </Stack>
  );
}
