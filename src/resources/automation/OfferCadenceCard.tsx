import { lazy, Suspense } from 'react';
import { useEndpoint } from '../../api/useEndpoint';
import { getOfferCadence } from './offerCadence.endpoints';

// The card's code loads only for a Vorgang whose offer went online: the Vorgang page's first screen stays small.
const OfferCadenceDetails = lazy(() => import('./OfferCadenceDetails'));

/** "Nachfassen" on the Vorgang's page (the online offer's next follow-up step); nothing without an online offer. */
export function OfferCadenceCard({
  vorgang,
}: {
  vorgang: { id: number; version: number; vorgangNumber: string; systemStatus: string };
}) {
  const { data: cadence } = useEndpoint(getOfferCadence, { params: { id: vorgang.id } });
  if (!cadence?.sentAt) return null;
  return (
    <Suspense fallback={null}>
      <OfferCadenceDetails vorgang={vorgang} />
    </Suspense>
  );
}
