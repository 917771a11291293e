import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { loadBesuchDialog } from '../../dashboard';
import { PhoneActionBar } from '../../kit/PhoneActionBar';
import type { VorgangDetail } from '../vorgangPageTypes';

// Loaded when it is tapped: the page's first paint does not wait for the capture form.
const BesuchDialog = lazy(loadBesuchDialog);

/**
 * On a phone, what a seller does on a Vorgang at the customer's house stays under the thumb: capture the
 * Besuch or Aufmaß (with photos) for this Vorgang, or go to its customer (to call, to write a note).
 */
export function VorgangPhoneBar({ vorgang }: { vorgang: VorgangDetail }) {
  const [capturing, setCapturing] = useState(false);
  return (
    <>
      <PhoneActionBar label="Aktionen zum Vorgang">
        <Button
          variant="outlined"
          startIcon={<PersonIcon />}
          component={Link}
          to={`/crm/kunden/${vorgang.customer.id}/show`}
        >
          Kunde
        </Button>
        <Button variant="contained" startIcon={<AddAPhotoIcon />} onClick={() => setCapturing(true)}>
          Besuch erfassen
        </Button>
      </PhoneActionBar>
      {capturing && (
        <Suspense fallback={null}>
          <BesuchDialog
            target={{
              customerId: vorgang.customer.id,
              customerName: vorgang.customer.name,
              vorgangId: vorgang.id,
            }}
            onClose={() => setCapturing(false)}
          />
        </Suspense>
      )}
    </>
  );
}
