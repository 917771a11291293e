import { waitFor } from '@testing-library/react';

/**
 * The open "Spalten" menu, found without a role query over the whole page: on a list of 100 rows such a
 * query takes seconds in happy-dom, and on a busy machine it ran past its time (the menu was there).
 */
export async function openedColumnsMenu(): Promise<HTMLElement> {
  let menu: HTMLElement | null = null;
  await waitFor(
    () => {
      menu = document.querySelector<HTMLElement>('[role="menu"]');
      if (!menu) throw new Error('Das Menü „Spalten“ ist nicht offen.');
    },
    { timeout: 15_000 },
  );
  return menu!;
}
