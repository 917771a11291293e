import { lazy, Suspense } from 'react';
import { useOutboxView } from './outbox';

const PendingTimelineEntries = lazy(() => import('./PendingTimelineEntries'));

/** The waiting notes and Besuche of a customer; their code (and the outbox's subjects) only while some wait. */
export function LazyPendingTimelineEntries({ customerId }: { customerId: number }) {
  const { entries } = useOutboxView();
  if (!entries.length) return null;
  return (
    <Suspense fallback={null}>
      <PendingTimelineEntries customerId={customerId} />
    </Suspense>
  );
}
