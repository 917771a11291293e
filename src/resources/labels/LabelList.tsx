import { DataTable, useRecordContext } from 'react-admin';
import EntityList from '../generic/EntityList';
import { ColorChip } from '../generic/ColorChip';
import type { RecordOf } from '../entity';
import labelEntity from './label.entity';

function PreviewField() {
  const label = useRecordContext<RecordOf<typeof labelEntity>>();
  return label ? <ColorChip name={label.name ?? ''} color={label.color ?? ''} muted={!label.active} /> : null;
}

/** Admin → Labels, each shown as the chip staff will see. */
export default function LabelList() {
  return (
    <EntityList
      leadingColumn={
        <DataTable.Col label="Vorschau" source="preview" disableSort>
          <PreviewField />
        </DataTable.Col>
      }
    />
  );
}
