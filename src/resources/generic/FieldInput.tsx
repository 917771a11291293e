import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  usePermissions,
} from 'react-admin';
import { lazy, Suspense } from 'react';
import type { FieldDeclaration } from '../entity';
import { StammdatenInput } from './StammdatenInput';
import { entityByName } from '../registry';
import { useFieldWarning } from './useFieldWarning';

// The calendar (MUI X) loads with the first form that has a date.
const DateInput = lazy(() => import('./DateInput'));
const DateTimeInput = lazy(() => import('./DateTimeInput'));

/** The input for one declared field; validation comes from the entity's yup schema on the form. */
export function FieldInput({ field, required }: { field: FieldDeclaration; required: boolean }) {
  // The permissions are the caller's groups (authProvider.getPermissions); the server refuses the change too.
  const { permissions } = usePermissions<string[]>();
  const mayEdit = !field.editableBy || field.editableBy.some((group) => permissions?.includes(group));
  const warning = useFieldWarning(field);
  const common = {
    source: field.source,
    label: field.label,
    helperText: warning ?? field.helperText ?? (false as const),
    isRequired: required,
    readOnly: field.readOnly || !mayEdit,
  };
  if (field.choicesFrom && mayEdit)
    return (
      <StammdatenInput {...common} helperText={field.helperText ?? false} category={field.choicesFrom} />
    );
  switch (field.type) {
    case 'longtext':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'money':
      // Typed in euros, stored in cents: no rounding drift from floating-point amounts.
      return (
        <NumberInput
          {...common}
          step={0.01}
          format={(cents?: number | null) => (cents === null || cents === undefined ? '' : cents / 100)}
          parse={(euros: string) => (euros === '' ? null : Math.round(Number(euros) * 100))}
          InputProps={{ endAdornment: '€' }}
        />
      );
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'color':
      return <TextInput {...common} type="color" sx={{ width: 160 }} />;
    case 'choice':
      return <SelectInput {...common} choices={field.choices as { id: string; name: string }[]} />;
    case 'date':
      return (
        <Suspense fallback={null}>
          <DateInput {...common} />
        </Suspense>
      );
    case 'datetime':
      return (
        <Suspense fallback={null}>
          <DateTimeInput {...common} />
        </Suspense>
      );
    case 'reference':
      return (
        // In the referenced list's own order (Filialen, Benutzer by name), not react-admin's newest first.
        <ReferenceInput
          source={field.source}
          reference={field.reference!}
          sort={entityByName(field.reference)?.defaultSort ?? { field: 'id', order: 'ASC' }}
        >
          <AutocompleteInput
            label={field.label}
            helperText={field.helperText ?? false}
            isRequired={required}
          />
        </ReferenceInput>
      );
    case 'choiceMany':
      return (
        <AutocompleteArrayInput
          {...common}
          choices={field.choices as { id: string; name: string }[]}
          fullWidth
        />
      );
    case 'referenceMany':
      return (
        <ReferenceArrayInput source={field.source} reference={field.reference!} perPage={100}>
          <AutocompleteArrayInput label={field.label} helperText={field.helperText ?? false} fullWidth />
        </ReferenceArrayInput>
      );
    default:
      // A phone offers the dial pad for a number and the keyboard with @ for an address.
      return field.inputKind ? (
        <TextInput
          {...common}
          fullWidth
          type={field.inputKind === 'tel' ? 'tel' : 'text'}
          slotProps={{ htmlInput: { inputMode: field.inputKind } }}
        />
      ) : (
        <TextInput {...common} fullWidth />
      );
  }
}
