import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { RaRecord } from 'react-admin';
import type { Beleg } from '../customers/vorgaenge/vorgangTypes';

// The dialog (and its PDF preview) loads only when a seller opens it.
const SimplifiedOfferDialog = lazy(() =>
  import('./SimplifiedOfferDialog').then((module) => ({ default: module.SimplifiedOfferDialog })),
);

/**
 * "Vereinfachtes Angebot" for one Angebot: opens settings, preview, download and mail. Self-contained, so
 * the customer page and the Vorgang page mount the same button; renders nothing for other Belege.
 */
export function SimplifiedOfferButton({
  beleg,
  vorgangId,
  customer,
}: {
  beleg: Pick<Beleg, 'id' | 'belegNumber' | 'belegType'>;
  vorgangId: number;
  /** The Vorgang's customer (id, displayName, email): the mail goes to them. */
  customer: RaRecord;
}) {
  const [open, setOpen] = useState(false);
  if (beleg.belegType !== 'angebot') return null;
  return (
    <>
      <Button size="small" startIcon={<PictureAsPdfIcon />} onClick={() => setOpen(true)}>
        Vereinfachtes Angebot
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SimplifiedOfferDialog
            beleg={beleg}
            vorgangId={vorgangId}
            customer={customer}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
