import { Box, Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** The bar's height, kept free at the page's end so it never covers the last entry. */
const BAR_HEIGHT = 72;

/**
 * On a phone, a record page's main actions at the screen's bottom, under the thumb while the page scrolls
 * (the desk keeps the header's buttons). Outlined buttons are a tab bar's items (icon over a short word), so
 * that the contained main action keeps its words on one line at 390 px.
 */
export function PhoneActionBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box aria-hidden sx={{ display: { xs: 'block', sm: 'none' }, height: BAR_HEIGHT }} />
      <Stack
        component="nav"
        aria-label={label}
        direction="row"
        spacing={1}
        sx={{
          display: { xs: 'flex', sm: 'none' },
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          p: 1,
          pb: 'calc(8px + env(safe-area-inset-bottom))',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: (theme) => theme.zIndex.appBar,
          '& .MuiButton-root': { minHeight: 48 },
          '& .MuiButton-outlined': {
            flexDirection: 'column',
            minWidth: 72,
            px: 1,
            py: 0.25,
            fontSize: 12,
            lineHeight: 1.3,
            '& .MuiButton-startIcon': { m: 0 },
          },
          '& .MuiButton-contained': { flex: 1, whiteSpace: 'nowrap' },
        }}
      >
        {children}
      </Stack>
    </>
  );
}
