import PersonIcon from '@mui/icons-material/PersonOutline';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { CaptureBesuchButton } from '../../kit/CaptureBesuchButton';
import { PhoneActionBar } from '../../kit/PhoneActionBar';
import type { VorgangDetail } from '../vorgangPageTypes';

/**
 * On a phone, what a seller does on a Vorgang at the customer's house stays under the thumb: capture the
 * Besuch or Aufmaß (with photos) for this Vorgang, or go to its customer (to call, to write a note).
 */
export function VorgangPhoneBar({ vorgang }: { vorgang: VorgangDetail }) {
  return (
    <PhoneActionBar label="Aktionen zum Vorgang">
      <Button
        variant="outlined"
        startIcon={<PersonIcon />}
        component={Link}
        to={`/crm/kunden/${vorgang.customer.id}/show`}
      >
        Kunde
      </Button>
      <CaptureBesuchButton
        target={{
          customerId: vorgang.customer.id,
          customerName: vorgang.customer.name,
          vorgangId: vorgang.id,
        }}
      />
    </PhoneActionBar>
  );
}
