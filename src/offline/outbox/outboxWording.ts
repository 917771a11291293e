import { formatDate } from '../../i18n/format';
import type { OutboxEntry, OutboxSubject } from './outboxTypes';

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

/** The todos changed offline with what waits for them ("Erledigt – wartet"), by the todo's key. */
export const waitingTodoTexts = (entries: readonly OutboxEntry[]): [string, string][] =>
  entries.flatMap(({ subject }) => {
    if (subject.kind !== 'todo') return [];
    const change =
      subject.action === 'erledigt' ? 'Erledigt' : `Verschoben auf ${formatDate(subject.dueDate)}`;
    return [[subject.itemKey, `${change} – wartet`]];
  });

/** The seller's change in words, as the conflict view and the waiting entries show it. */
export function describeSubject(subject: OutboxSubject): string {
  switch (subject.kind) {
    case 'notiz':
      return `Notiz: ${subject.text}`;
    case 'besuch':
      return `Besuch${subject.note ? `: ${subject.note}` : ''}${
        subject.photos ? ` (${subject.photos === 1 ? '1 Foto' : `${subject.photos} Fotos`})` : ''
      }`;
    case 'todo':
      return subject.action === 'erledigt'
        ? `„${subject.title}“ erledigt`
        : `„${subject.title}“ verschoben auf ${formatDate(subject.dueDate)}`;
    case 'kundenfeld':
      return `${subject.label}: ${subject.shown || '–'}`;
  }
}
