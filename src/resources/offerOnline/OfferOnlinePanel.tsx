import { lazy, Suspense } from 'react';
import { useEndpoint } from '../../api/useEndpoint';
import { getVorgangOfferLinks } from './offerOnline.endpoints';

// The card's code loads only for a Vorgang with an online offer: the Vorgang page's first screen stays small.
const OfferOnlineCard = lazy(() => import('./OfferOnlineCard'));

/** "Angebot online" on the Vorgang's page; nothing while the Vorgang has no online offer. */
export function OfferOnlinePanel({ vorgangId }: { vorgangId: number }) {
  const { data } = useEndpoint(getVorgangOfferLinks, { params: { id: vorgangId } });
  if (!data?.links.length) return null;
  return (
    <Suspense fallback={null}>
      <OfferOnlineCard links={data.links} vorgangId={vorgangId} />
    </Suspense>
  );
}
