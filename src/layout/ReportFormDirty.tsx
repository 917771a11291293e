import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Inside a react-admin `<Form>`: tells the dialog around it whether anything was typed, for its
 * useUnsavedChangesGuard (the dialog's close buttons live outside the form's context). Dirty as react-admin
 * counts it: a field differing from its default (react-hook-form's `isDirty` stays set after typing back).
 */
export function ReportFormDirty({ onChange }: { onChange: (dirty: boolean) => void }) {
  const { dirtyFields } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0;
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}
