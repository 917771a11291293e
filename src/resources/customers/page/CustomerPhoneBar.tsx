import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import NoteIcon from '@mui/icons-material/NoteAddOutlined';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { loadBesuchDialog } from '../../dashboard';
import { telHref } from '../../kit/contactLinks';

// Loaded when it is tapped: the page's first paint does not wait for the capture form.
const BesuchDialog = lazy(loadBesuchDialog);

/** The bar's height, kept free at the page's end so it never covers the last entry. */
const BAR_HEIGHT = 72;

/**
 * On a phone, what a seller does at the customer's house stays under the thumb while they scroll the
 * timeline: call, write a note, capture the Besuch (with photos) for this customer. The desk keeps the
 * header's buttons only.
 */
export function CustomerPhoneBar({ customer, onNewNote }: { customer: RaRecord; onNewNote: () => void }) {
  const [capturing, setCapturing] = useState(false);
  const phone = (customer.phone ?? customer.mobile) as string | null;
  return (
    <>
      <Box aria-hidden sx={{ display: { xs: 'block', sm: 'none' }, height: BAR_HEIGHT }} />
      <Stack
        component="nav"
        aria-label="Aktionen beim Kunden"
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
          // Anrufen and Notiz as a tab bar's items (icon over a short word), so that "Besuch erfassen", the
          // action this bar is for, keeps its words on one line at 390 px (beside two full buttons it wrapped).
          '& .MuiButton-outlined': {
            flexDirection: 'column',
            minWidth: 72,
            px: 1,
            py: 0.25,
            fontSize: 12,
            lineHeight: 1.3,
            '& .MuiButton-startIcon': { m: 0 },
          },
          '& .MuiButton-contained': { whiteSpace: 'nowrap' },
        }}
      >
        <Button
          variant="outlined"
          startIcon={<PhoneIcon />}
          href={phone ? telHref(phone) : undefined}
          disabled={!phone}
        >
          Anrufen
        </Button>
        <Button variant="outlined" startIcon={<NoteIcon />} onClick={onNewNote}>
          Notiz
        </Button>
        <Button
          variant="contained"
          startIcon={<AddAPhotoIcon />}
          onClick={() => setCapturing(true)}
          sx={{ flex: 1 }}
        >
          Besuch erfassen
        </Button>
      </Stack>
      {capturing && (
        <Suspense fallback={null}>
          <BesuchDialog
            target={{
              customerId: Number(customer.id),
              customerName: (customer.displayName as string | null) ?? null,
            }}
            onClose={() => setCapturing(false)}
          />
        </Suspense>
      )}
    </>
  );
}
