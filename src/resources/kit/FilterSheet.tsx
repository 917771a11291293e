import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Drawer, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';

/**
 * A list's filters on a phone: one "Filter" button (with the number of filters in force on it) that opens them
 * as a sheet from the bottom, as the phone apps of the common CRMs do, so the first record is visible without
 * scrolling past the filters. Every change applies at once, as on the desk; "Fertig" only closes the sheet.
 * The sheet is drawn only while open: the filters' look-ups wait until someone reaches for them.
 */
export function FilterSheet({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge badgeContent={active} color="primary" sx={{ flexShrink: 0 }}>
        <Button
          variant="outlined"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={active ? `Filter (${active} aktiv)` : 'Filter'}
          startIcon={<FilterListIcon />}
          sx={{ minHeight: 40 }}
        >
          Filter
        </Button>
      </Badge>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Filter',
            sx: { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85dvh' },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Filter
          </Typography>
          <Button onClick={() => setOpen(false)}>Fertig</Button>
        </Stack>
        <Box sx={{ px: 2, pb: 3, overflowY: 'auto' }}>{children}</Box>
      </Drawer>
    </>
  );
}
