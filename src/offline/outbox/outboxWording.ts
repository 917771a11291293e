/** "1 Änderung" / "3 Änderungen". */
export const changesCount = (count: number) => (count === 1 ? '1 Änderung' : `${count} Änderungen`);

/** What the top bar says about the outbox, or null when there is nothing to say. */
export function outboxChipText(state: {
  online: boolean;
  waiting: number;
  sending: boolean;
  signInExpired: boolean;
  needsDecision: boolean;
}): string | null {
  const { online, waiting, sending, signInExpired, needsDecision } = state;
  const waits = `${changesCount(waiting)} ${waiting === 1 ? 'wartet' : 'warten'}`;
  if (!online) return waiting ? `Offline – ${waits}` : 'Offline';
  if (!waiting) return null;
  if (needsDecision) return `${changesCount(waiting)}: bitte entscheiden`;
  if (signInExpired) return `Anmeldung abgelaufen – ${waits}`;
  if (sending) return `${changesCount(waiting)} ${waiting === 1 ? 'wird' : 'werden'} gesendet …`;
  return waits;
}

/** What the page says once changes that waited for the network are stored on the server. */
export const outboxSavedText = (count: number) => `Wieder online: ${changesCount(count)} gespeichert.`;
