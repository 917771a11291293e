// The JavaScript (kB as sent: brotli) a cold signed-in load of each first screen fetches until its data is drawn,
// at most: checked by tests/browser/firstScreens.test.ts on every run. A raise needs its reason in the commit
// that makes it (what the screen gained for the bytes); a saving lowers the budget in the same commit.

/** The first screens the guard loads. */
export type FirstScreen = 'kunden' | 'vorgaenge' | 'kartenansicht' | 'dashboard' | 'kunde' | 'vorgang';

/** Each first screen's budget in kB (1,000 bytes) of JavaScript on the wire until its data is drawn. */
export const FIRST_SCREEN_BUDGETS_KB: Readonly<Record<FirstScreen, number>> = {
  kunden: 427,
  vorgaenge: 433,
  kartenansicht: 477,
  dashboard: 435,
  kunde: 447,
  vorgang: 448,
};
