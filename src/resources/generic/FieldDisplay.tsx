import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  ChipField,
  ReferenceArrayField,
  ReferenceField,
  SelectField,
  SingleFieldList,
  TextField,
  useRecordContext,
} from 'react-admin';
import { formatCompanyDate, formatCompanyDateTime } from '../../config/companyTime';
import { formatDate, formatEuroCents } from '../../i18n/format';
import type { Choice, FieldDeclaration } from '../entity';
import { entityByName } from '../registry';
import { ColorChip } from './ColorChip';
import { ColorField } from './ColorField';
import { useCompanyZone } from '../../config/useCompanyZone';

/** A referenced record as a chip; records with a colour (labels, statuses) show it. */
function ReferenceChip({ source }: { source: string }) {
  const record = useRecordContext<{ color?: string } & Record<string, unknown>>();
  if (!record) return null;
  const name = String(record[source] ?? '');
  return record.color ? (
    <ColorChip name={name} color={record.color} />
  ) : (
    <ChipField source={source} size="small" />
  );
}

function MoneyField({ source, emptyText = '' }: { source: string; emptyText?: string }) {
  const value = useRecordContext()?.[source] as number | null | undefined;
  return <span>{value === null || value === undefined ? emptyText : formatEuroCents(value)}</span>;
}

/** A point in time as the company sees it: dd.MM.yyyy HH:mm in the tenant's zone. */
function CompanyDateTimeField({ source, emptyText = '' }: { source: string; emptyText?: string }) {
  const zone = useCompanyZone();
  const value = useRecordContext()?.[source] as string | null | undefined;
  return <span>{value ? formatCompanyDateTime(value, zone) : emptyText}</span>;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day, dd.MM.yyyy: a calendar day as it is, an instant (the last activity, a mail's sending) as the day it
 * falls on in the tenant's zone, like the export. react-admin's DateField used the browser's zone and built a
 * new formatter for every cell.
 */
function CompanyDayField({ source, emptyText = '' }: { source: string; emptyText?: string }) {
  const zone = useCompanyZone();
  const value = useRecordContext()?.[source] as string | null | undefined;
  if (!value) return <span>{emptyText}</span>;
  return <span>{CALENDAR_DAY.test(value) ? formatDate(value) : formatCompanyDate(value, zone)}</span>;
}

/** Several choices of the current record as chips, by their names. */
function ChoiceChips({ source, choices }: { source: string; choices: readonly Choice[] }) {
  const values = (useRecordContext()?.[source] as string[] | undefined) ?? [];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value) => (
        <Chip key={value} size="small" label={choices.find((c) => c.id === value)?.name ?? value} />
      ))}
    </Stack>
  );
}

/** A long text with its line breaks and paragraphs as written (a mail's body), long words wrapped. */
const LONG_TEXT_SX = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * Shows one declared field of the current record, as its type suggests; `emptyText` stands for a value that
 * is not there (a record's page says "–" rather than leaving the label alone).
 */
export function FieldDisplay({ field, emptyText }: { field: FieldDeclaration; emptyText?: string }) {
  const { source } = field;
  switch (field.type) {
    case 'boolean':
      return <BooleanField source={source} />;
    case 'money':
      return <MoneyField source={source} emptyText={emptyText} />;
    case 'color':
      return <ColorField source={source} />;
    case 'choice':
      return (
        <SelectField
          source={source}
          choices={field.choices as { id: string; name: string }[]}
          emptyText={emptyText}
        />
      );
    case 'date':
      return <CompanyDayField source={source} emptyText={emptyText} />;
    case 'datetime':
      return <CompanyDateTimeField source={source} emptyText={emptyText} />;
    case 'reference':
      return (
        <ReferenceField source={source} reference={field.reference!} link={false} emptyText={emptyText} />
      );
    case 'choiceMany':
      return <ChoiceChips source={source} choices={field.choices ?? []} />;
    case 'referenceMany': {
      const target = entityByName(field.reference);
      return (
        <ReferenceArrayField source={source} reference={field.reference!}>
          <SingleFieldList linkType={false}>
            <ReferenceChip source={target?.recordRepresentation ?? 'id'} />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    }
    case 'longtext':
      return <TextField source={source} emptyText={emptyText} component="div" sx={LONG_TEXT_SX} />;
    default:
      return <TextField source={source} emptyText={emptyText} />;
  }
}
