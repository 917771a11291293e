import { useFormState } from 'react-hook-form';
import { SaveButton, type SaveButtonProps } from 'react-admin';

/**
 * A SaveButton that may be pressed before any change (a prefilled dialog can be saved as it is), but not
 * while its save runs: react-admin's `alwaysEnable` alone keeps it enabled then too, and a double click
 * sent the form twice (two Vorgänge from one "Vorgang anlegen").
 */
export function EnabledSaveButton(props: Omit<SaveButtonProps, 'alwaysEnable'>) {
  const { isSubmitting } = useFormState();
  return <SaveButton {...props} alwaysEnable={!isSubmitting} />;
}
