import { alpha, darken, lighten, type Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material';

/**
 * The look of a generated list's data cells and chips (EntityCell), given once to the whole table: MUI's small
 * body cell and small chip, as class rules instead of a styled component per cell.
 */
export const listTableSx: SxProps<Theme> = (theme: Theme) => {
  const { fontFamily, fontWeight, fontSize, lineHeight, letterSpacing } = theme.typography.body2;
  const divider = alpha(theme.palette.divider, 1);
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
      borderBottom: `1px solid ${theme.palette.mode === 'light' ? lighten(divider, 0.88) : darken(divider, 0.68)}`,
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
