import { useSyncExternalStore } from 'react';
import { subscribeAppUpdate, waitingUpdate } from '../../../offline/appUpdate';
import { keptStand, standText, subscribeKeptStand } from '../../../offline/kept/keptCopyState';
import { useOnline } from '../../../offline/online';
import { LightIcon } from './lightIcons';
import type { OutboxModule } from './MyDayLight';

/** The kept copy's age while the page shows it (no network), as the full app's note says it. */
export function KeptNote({ zone }: { zone: string }) {
  const stand = useSyncExternalStore(subscribeKeptStand, keptStand);
  if (stand === null) return null;
  return (
    <div className="mdl-alert" role="status">
      <LightIcon name="offline" />
      <div>
        <p className="mdl-alert-title">Offline · Stand: {standText(stand, zone)}</p>
        <p className="mdl-alert-body">
          Sie sehen, was auf diesem Gerät gespeichert ist. Suche, Listen, Dateien und Auswertungen sowie
          Kunden und Vorgänge, die nicht gespeichert sind, gibt es erst wieder mit Verbindung.
        </p>
      </div>
    </div>
  );
}

/** The top bar's word on the network and the outbox, as the full app's chip says it. */
export function OutboxChip({ outbox, onDecide }: { outbox: OutboxModule; onDecide: () => void }) {
  const online = useOnline();
  const { entries, sending, signInExpired } = outbox.useOutboxView();
  const needsDecision = entries.some((entry) => entry.state !== 'wartet');
  const text = outbox.outboxChipText({
    online,
    waiting: entries.length,
    sending,
    signInExpired,
    needsDecision,
  });
  if (!text) return null;
  // Online the chip says what is sent or waits for a decision: the cloud crossed out only without a network.
  const icon = <LightIcon name={online ? 'sync' : 'offline'} size={18} />;
  // A decision waits: the chip is a button, a thumb's target.
  return needsDecision ? (
    <span className="mdl-chip-place" role="status" aria-live="polite">
      <button type="button" className="mdl-chip" onClick={onDecide}>
        {icon}
        {text}
      </button>
    </span>
  ) : (
    <span className="mdl-chip-place" role="status" aria-live="polite">
      <span className="mdl-chip" data-offline={online ? undefined : true}>
        {icon}
        {text}
      </span>
    </span>
  );
}

/** "Neue Version verfügbar": the same prompt as the full app's frame. */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(subscribeAppUpdate, waitingUpdate);
  if (!apply) return null;
  return (
    <div className="mdl-snackbar" role="alert">
      <span>Neue Version verfügbar</span>
      <button type="button" onClick={() => apply()}>
        Neu laden
      </button>
    </div>
  );
}

/** Before the outbox is loaded: only whether there is a network. */
export function OfflineChip() {
  const online = useOnline();
  if (online) return null;
  return (
    <span className="mdl-chip-place" role="status" aria-live="polite">
      <span className="mdl-chip" data-offline>
        <LightIcon name="offline" size={18} />
        Offline
      </span>
    </span>
  );
}
