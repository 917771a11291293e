import { styled } from '@mui/material/styles';

// The size of the pick list fields (VorgangFilters.tsx, PickFilter) and of the "Nur meine" switch with its label.
const Field = styled('div')(({ theme }) => ({
  minWidth: 150,
  flex: '1 1 150px',
  maxWidth: 220,
  height: 40,
  // The theme's dense margin of text fields.
  margin: '8px 0 4px',
  boxSizing: 'border-box',
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  padding: '8.5px 14px',
  ...theme.typography.body1,
  lineHeight: '1.4375em',
  color: theme.palette.text.secondary,
}));

// The switch itself (58 px) is left out; its label stands where it will be.
const Switch = styled('div')(({ theme }) => ({
  width: 132,
  height: 38,
  margin: '0 16px 0 -11px',
  boxSizing: 'border-box',
  paddingLeft: 58,
  display: 'flex',
  alignItems: 'center',
  ...theme.typography.body1,
}));

/**
 * What the board's pick filters look like, drawn in the board's first render in their place; the fields
 * themselves (three MUI Autocompletes and their choices' reads, about 0.1 s on a phone's CPU) come right after
 * the first paint, before anyone can reach them.
 */
export function PickFiltersPlaceholder() {
  return (
    <>
      <Switch aria-hidden>Nur meine</Switch>
      {['Verkäufer', 'Filiale', 'Label'].map((label) => (
        <Field key={label} aria-hidden data-placeholder-of={label}>
          {label}
        </Field>
      ))}
    </>
  );
}
