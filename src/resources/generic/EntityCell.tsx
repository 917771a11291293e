import { useGetManyAggregate, useRecordContext, type RaRecord } from 'react-admin';
import type { FieldDeclaration } from '../entity';
import { entityByName } from '../registry';
import { textOn } from './chipColors';
import { FieldDisplay } from './FieldDisplay';
import { useListCells } from './listCellContext';

// Short values that read badly broken in two (a phone number, a date, an amount) stay on one line.
const PHONE_SOURCES = new Set(['phone', 'mobile']);
const keepsOneLine = (field: FieldDeclaration) =>
  field.type === 'date' ||
  field.type === 'datetime' ||
  field.type === 'money' ||
  PHONE_SOURCES.has(field.source);
// Amounts line up at the decimal comma.
const alignsRight = (field: FieldDeclaration) => field.type === 'money' || field.type === 'integer';

/** The class names of a field's cells; their styles come once from the table (`listTableSx`). */
export function cellClassOf(field: FieldDeclaration): string {
  return [
    'RaDataTable-rowCell',
    'crm-cell',
    `column-${field.source}`,
    keepsOneLine(field) ? 'crm-nowrap' : '',
    alignsRight(field) ? 'crm-right' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const nameOf = (reference: string, record: RaRecord): string =>
  String(record[entityByName(reference)?.recordRepresentation ?? 'id'] ?? '');

function FetchedReferenceName({ reference, id }: { reference: string; id: unknown }) {
  const { data } = useGetManyAggregate(reference, { ids: [id as string] });
  return <>{data?.[0] ? nameOf(reference, data[0]) : ''}</>;
}

/** The name of a referenced record: from the page's included records, else asked for (batched). */
function ReferenceName({ reference, id }: { reference: string; id: unknown }) {
  const record = useListCells().referenced(reference, id);
  if (record) return <>{nameOf(reference, record)}</>;
  return <FetchedReferenceName reference={reference} id={id} />;
}

/** Chips as plain spans (a label's colour inline): a list draws hundreds, MUI's Chip is three styled parts. */
function CellChips({ chips }: { chips: { key: string; name: string; color?: string }[] }) {
  return (
    <span className="crm-chips">
      {chips.map(({ key, name, color }) => (
        <span
          key={key}
          className="crm-chip"
          style={color ? { backgroundColor: color, color: textOn(color) } : undefined}
        >
          {name}
        </span>
      ))}
    </span>
  );
}

const chipsOf = (reference: string, records: readonly RaRecord[]) =>
  records.map((record) => ({
    key: String(record.id),
    name: nameOf(reference, record),
    color: typeof record.color === 'string' ? record.color : undefined,
  }));

function FetchedReferenceChips({ reference, ids }: { reference: string; ids: readonly unknown[] }) {
  const { data = [] } = useGetManyAggregate(reference, { ids: ids as string[] });
  return <CellChips chips={chipsOf(reference, data)} />;
}

/** Referenced records as chips, in the order of the ids: included with the page, else asked for (batched). */
function ReferenceChips({ reference, ids }: { reference: string; ids: readonly unknown[] }) {
  const { referenced } = useListCells();
  const records = ids.map((id) => referenced(reference, id));
  if (records.every((record) => record !== undefined))
    return <CellChips chips={chipsOf(reference, records)} />;
  return <FetchedReferenceChips reference={reference} ids={ids} />;
}

/** One field's value as a list shows it: text, names and chips as plain elements; the rest as FieldDisplay. */
export function CellValue({ field }: { field: FieldDeclaration }) {
  const value = useRecordContext()?.[field.source] as unknown;
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'integer':
      return <>{value == null ? '' : String(value)}</>;
    case 'choice':
      return <>{field.choices?.find((choice) => choice.id === value)?.name ?? ''}</>;
    case 'reference':
      return value == null ? null : <ReferenceName reference={field.reference!} id={value} />;
    case 'referenceMany':
      return <ReferenceChips reference={field.reference!} ids={(value as unknown[] | null) ?? []} />;
    case 'choiceMany':
      return (
        <CellChips
          chips={((value as string[] | null) ?? []).map((id) => ({
            key: id,
            name: field.choices?.find((choice) => choice.id === id)?.name ?? id,
          }))}
        />
      );
    default:
      return <FieldDisplay field={field} />;
  }
}

/**
 * A data cell of a generated list: a plain td whose look comes from the table, not a styled MUI cell with a
 * styled Typography per value. 25 rows of 7 columns drew 3,800 components before; the first rows of a cold
 * list waited for them.
 */
export function EntityCell({ field }: { field: FieldDeclaration }) {
  const { hidden } = useListCells();
  if (hidden.has(field.source)) return null;
  return (
    <td className={cellClassOf(field)}>
      <CellValue field={field} />
    </td>
  );
}
