import type { ReactNode } from 'react';
import { useInput, useTranslate, type InputProps } from 'react-admin';

/**
 * react-admin's `useInput` for a MUI date/time picker: the form field plus the picker's text-field props
 * (name, blur, required, the translated error or the helper text at the field) and its field props (an optional
 * date gets the "Wert leeren" button: a prefilled "Fällig am" can be emptied without knowing the keys).
 */
export function usePickerInput(props: InputProps, helperText: ReactNode, minWidth: number) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput(props);
  const error = fieldState.error?.message;
  const textField = {
    name: field.name,
    onBlur: field.onBlur,
    required: isRequired,
    error: Boolean(error),
    helperText: error ? translate(error, { _: error }) : helperText || ' ',
    size: 'small' as const,
    sx: { minWidth, mb: 1 },
  };
  return { field, textField, pickerField: { clearable: !isRequired } };
}
