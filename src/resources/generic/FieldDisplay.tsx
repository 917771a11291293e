import {
  BooleanField,
  ChipField,
  DateField,
  ReferenceArrayField,
  ReferenceField,
  SelectField,
  SingleFieldList,
  TextField,
  useRecordContext,
} from 'react-admin';
import { formatEuroCents } from '../../i18n/format';
import type { FieldDeclaration } from '../entity';
import { entityByName } from '../registry';
import { ColorField } from './ColorField';

function MoneyField({ source }: { source: string }) {
  const value = useRecordContext()?.[source] as number | null | undefined;
  return <span>{value === null || value === undefined ? '' : formatEuroCents(value)}</span>;
}

/** Shows one declared field of the current record, as its type suggests. */
export function FieldDisplay({ field }: { field: FieldDeclaration }) {
  const { source } = field;
  switch (field.type) {
    case 'boolean':
      return <BooleanField source={source} />;
    case 'money':
      return <MoneyField source={source} />;
    case 'color':
      return <ColorField source={source} />;
    case 'choice':
      return <SelectField source={source} choices={field.choices as { id: string; name: string }[]} />;
    case 'date':
      return <DateField source={source} locales="de-DE" />;
    case 'reference':
      return <ReferenceField source={source} reference={field.reference!} link={false} />;
    case 'referenceMany': {
      const target = entityByName(field.reference);
      return (
        <ReferenceArrayField source={source} reference={field.reference!}>
          <SingleFieldList linkType={false}>
            <ChipField source={target?.recordRepresentation ?? 'id'} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    }
    default:
      return <TextField source={source} />;
  }
}
