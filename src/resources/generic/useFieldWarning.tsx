import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import type { FieldDeclaration } from '../entity';

/** The field's declared warning for its current value in the form, as helper text in the warning colour. */
export function useFieldWarning(field: FieldDeclaration): ReactElement | undefined {
  const value: unknown = useWatch({ name: field.source, disabled: !field.warning });
  const text = field.warning?.(value);
  if (!text) return undefined;
  return (
    <Box component="span" role="status" sx={{ color: 'warning.dark' }}>
      {text}
    </Box>
  );
}
