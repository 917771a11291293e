import { SelectInput, TextInput, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';

interface StammdatenRow {
  id: number;
  value: string;
}

/**
 * A text field chosen from a Stammdaten category (Anrede, Herkunft …): the active values in the admins'
 * order. A stored value that is not (or no longer) in the list, e.g. from the ERP, stays offered.
 */
export function StammdatenInput({
  category,
  ...common
}: {
  category: string;
  source: string;
  label: string;
  helperText: string | false;
  isRequired: boolean;
  readOnly?: boolean;
}) {
  const current = useWatch({ name: common.source }) as string | null | undefined;
  const { data = [], isPending } = useGetList<StammdatenRow>('admin/stammdaten', {
    filter: { category, active: true },
    sort: { field: 'sortOrder', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  // Until the list is there the value shows as text: a select without its choice would show nothing.
  if (isPending) return <TextInput {...common} readOnly />;
  const values = data.map((row) => row.value);
  if (current && !values.includes(current)) values.push(current);
  return (
    <SelectInput
      {...common}
      choices={values.map((value) => ({ id: value, name: value }))}
      emptyText="–"
      parse={(value: string) => (value === '' ? null : value)}
    />
  );
}
