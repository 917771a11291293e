import { alpha, darken, lighten, type Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material';

// The check mark cut out of MUI's CheckBox icon, in the box inside its border (5 to 19 of the icon's 24), white.
const CHECK_MARK = `url("data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="5 5 14 14"><path fill="white" d="M10 17 5 12l1.41-1.41L10 14.17l7.59-7.59L19 8l-7 7z"/></svg>',
)}")`;

/**
 * The look of a generated list's data cells and chips (EntityCell), given once to the whole table: MUI's small
 * body cell and small chip, as class rules instead of a styled component per cell.
 */
export const listTableSx: SxProps<Theme> = (theme: Theme) => {
  const { fontFamily, fontWeight, fontSize, lineHeight, letterSpacing } = theme.typography.body2;
  const divider = alpha(theme.palette.divider, 1);
  const cellBorder = `1px solid ${theme.palette.mode === 'light' ? lighten(divider, 0.88) : darken(divider, 0.68)}`;
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
    // MUI's TableRow with hover, its small checkbox cell (padded as react-admin's theme pads it) and Checkbox, for
    // the plain rows (EntityListRow).
    '& tr.crm-row': { color: 'inherit', verticalAlign: 'middle', outline: 0 },
    '& tr.crm-row-hover:hover': { backgroundColor: theme.palette.action.hover },
    '& td.crm-checkbox-cell': { width: 24, padding: '0 8px', borderBottom: cellBorder },
    '& input.crm-row-checkbox': {
      appearance: 'none',
      display: 'block',
      boxSizing: 'border-box',
      width: 18,
      height: 18,
      margin: '3px',
      border: `2px solid ${theme.palette.text.secondary}`,
      borderRadius: '2px',
      cursor: 'pointer',
      '&:checked': {
        backgroundColor: theme.palette.primary.main,
        borderColor: theme.palette.primary.main,
        backgroundImage: CHECK_MARK,
        backgroundSize: '100%',
      },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      '&:disabled': { borderColor: theme.palette.action.disabled, cursor: 'default' },
    },
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
