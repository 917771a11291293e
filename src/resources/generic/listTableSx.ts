import { alpha, darken, lighten, type Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material';

// The check mark cut out of MUI's CheckBox icon, in the box inside its border (5 to 19 of the icon's 24), white.
const CHECK_MARK = `url("data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="5 5 14 14"><path fill="white" d="M10 17 5 12l1.41-1.41L10 14.17l7.59-7.59L19 8l-7 7z"/></svg>',
)}")`;

/** MUI's body cell border (TableCell's, with the divider made opaque), for plain tds. */
export function cellBorderOf(theme: Theme): string {
  const divider = alpha(theme.palette.divider, 1);
  return `1px solid ${theme.palette.mode === 'light' ? lighten(divider, 0.88) : darken(divider, 0.68)}`;
}

/**
 * MUI's TableRow (hover, selected) and Checkbox as class rules, for plain rows (`tr.crm-row`) with a native checkbox
 * (`input.crm-row-checkbox`, `crm-row-checkbox-small` as MUI's small one): given once to a table, not a styled
 * component per row.
 */
export function plainRowsSx(theme: Theme) {
  const { primary, action, text } = theme.palette;
  return {
    '& tr.crm-row': { color: 'inherit', verticalAlign: 'middle', outline: 0 },
    '& tr.crm-row-hover:hover': { backgroundColor: action.hover },
    '& tr.crm-row-selected': {
      backgroundColor: alpha(primary.main, action.selectedOpacity),
      '&:hover': { backgroundColor: alpha(primary.main, action.selectedOpacity + action.hoverOpacity) },
    },
    '& input.crm-row-checkbox': {
      appearance: 'none',
      display: 'block',
      boxSizing: 'border-box',
      width: 18,
      height: 18,
      margin: '3px',
      border: `2px solid ${text.secondary}`,
      borderRadius: '2px',
      cursor: 'pointer',
      '&:checked': {
        backgroundColor: primary.main,
        borderColor: primary.main,
        backgroundImage: CHECK_MARK,
        backgroundSize: '100%',
      },
      '&:focus-visible': { outline: `2px solid ${primary.main}`, outlineOffset: 2 },
      '&:disabled': { borderColor: action.disabled, cursor: 'default' },
    },
    // MUI's small Checkbox with an 18 px icon: the box is three quarters of it, inside a 22 px target.
    '& input.crm-row-checkbox-small': { width: 14, height: 14, margin: '4px', borderWidth: '1.5px' },
  };
}

/**
 * The look of a generated list's data cells and chips (EntityCell), given once to the whole table: MUI's small
 * body cell and small chip, as class rules instead of a styled component per cell.
 */
export const listTableSx: SxProps<Theme> = (theme: Theme) => {
  const { fontFamily, fontWeight, fontSize, lineHeight, letterSpacing } = theme.typography.body2;
  const cellBorder = cellBorderOf(theme);
  return {
    // Headers on one line: a wrapped "Letzte Aktivität" made every row taller to no purpose.
    '& th': { whiteSpace: 'nowrap' },
    '& td.crm-cell': {
      fontFamily,
      fontWeight,
      fontSize,
      lineHeight,
      letterSpacing,
      display: 'table-cell',
      verticalAlign: 'inherit',
      textAlign: 'left',
      padding: '6px 16px',
      color: theme.palette.text.primary,
      borderBottom: cellBorder,
    },
    // The plain rows (EntityListRow), their checkbox cell padded as react-admin's theme pads MUI's.
    ...plainRowsSx(theme),
    '& td.crm-checkbox-cell': { width: 24, padding: '0 8px', borderBottom: cellBorder },
    '& td.crm-nowrap': { whiteSpace: 'nowrap' },
    '& td.crm-right': { textAlign: 'right' },
    '& .crm-chips': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(0.5) },
    '& .crm-chip': {
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      maxWidth: '100%',
      padding: '0 8px',
      borderRadius: 12,
      fontSize: theme.typography.pxToRem(13),
      fontWeight: 500,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      backgroundColor: theme.palette.action.selected,
      color: theme.palette.text.primary,
    },
  };
};
