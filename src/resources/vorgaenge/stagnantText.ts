/** The marker of a stagnating Vorgang: „seit 12 Tagen ohne Aktivität“ (board card and list row). */
export const stagnantText = (days: number): string =>
  `seit ${days.toLocaleString('de-DE')} ${days === 1 ? 'Tag' : 'Tagen'} ohne Aktivität`;

/** The board card's short form, where a card's top line has room for little more: „12 Tage ohne Aktivität“. */
export const stagnantShortText = (days: number): string =>
  `${days.toLocaleString('de-DE')} ${days === 1 ? 'Tag' : 'Tage'} ohne Aktivität`;
