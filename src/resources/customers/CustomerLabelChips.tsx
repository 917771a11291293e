import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetMany } from 'react-admin';
import { ColorChip } from '../generic/ColorChip';
import type { LabelRecord } from '../labels/labelTypes';

/** A customer's labels as coloured chips; `onDelete` makes each removable, `children` come last. */
export function CustomerLabelChips({
  ids = [],
  onDelete,
  children,
}: {
  ids?: readonly number[];
  onDelete?: (label: LabelRecord) => void;
  children?: ReactNode;
}) {
  const { data = [] } = useGetMany<LabelRecord>(
    'admin/labels',
    { ids: [...ids] },
    { enabled: ids.length > 0 },
  );
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
