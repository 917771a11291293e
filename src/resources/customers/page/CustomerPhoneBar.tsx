import NoteIcon from '@mui/icons-material/NoteAddOutlined';
import PhoneIcon from '@mui/icons-material/Phone';
import { Button } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { CaptureBesuchButton } from '../../kit/CaptureBesuchButton';
import { telHref } from '../../kit/contactLinks';
import { PhoneActionBar } from '../../kit/PhoneActionBar';

/**
 * On a phone, what a seller does at the customer's house stays under the thumb while they scroll the
 * timeline: call, write a note, capture the Besuch (with photos) for this customer. The desk keeps the
 * header's buttons only.
 */
export function CustomerPhoneBar({ customer, onNewNote }: { customer: RaRecord; onNewNote: () => void }) {
  const phone = (customer.phone ?? customer.mobile) as string | null;
  return (
    <PhoneActionBar label="Aktionen beim Kunden">
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
      <CaptureBesuchButton
        target={{
          customerId: Number(customer.id),
          customerName: (customer.displayName as string | null) ?? null,
        }}
      />
    </PhoneActionBar>
  );
}
