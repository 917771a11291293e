import type { SxProps, Theme } from '@mui/material';

/**
 * A link that stands on its own (a name in a card or a list, a phone number) as a thumb's target on a phone:
 * at least 44 × 44 px, its text centred in it. The desk keeps the plain text link.
 */
export const phoneTapTarget: SxProps<Theme> = {
  display: { xs: 'inline-flex', sm: 'inline' },
  alignItems: 'center',
  minHeight: { xs: 44, sm: 0 },
  minWidth: { xs: 44, sm: 0 },
};
