/**
 * Moving between a list's rows by keyboard (j/k, arrows) and opening one (Enter), on whatever list the page
 * shows: the generated tables, the Vorgänge table, the due lists. The marked row carries
 * `data-tastatur-zeile` (styled by the launcher) and the focus, so a screen reader reads it.
 */
const ROWS = '#main-content table tbody tr, #main-content [data-list-row]';
const MARK = 'data-tastatur-zeile';

/** Whether a key press is typing: in a field, a text area, a selection list or an editable element. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return ['textbox', 'combobox', 'searchbox', 'spinbutton'].includes(target.getAttribute('role') ?? '');
}

const rows = () =>
  [...document.querySelectorAll<HTMLElement>(ROWS)].filter(
    (row) => row.offsetParent !== null && !row.querySelector('th'),
  );

/** The row marked last, when it is still on the page. */
export const markedRow = () => rows().find((row) => row.hasAttribute(MARK));

/** Marks the next (1) or previous (-1) row; false when the page shows no rows. */
export function moveRow(step: 1 | -1): boolean {
  const all = rows();
  if (!all.length) return false;
  const current = all.findIndex((row) => row.hasAttribute(MARK));
  const next =
    current === -1
      ? step === 1
        ? 0
        : all.length - 1
      : Math.min(all.length - 1, Math.max(0, current + step));
  all[current]?.removeAttribute(MARK);
  const row = all[next]!;
  row.setAttribute(MARK, 'true');
  if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
  row.focus({ preventScroll: true });
  row.scrollIntoView({ block: 'nearest' });
  return true;
}

/** Opens the marked row as a click on it would: its first link, else the row itself (react-admin's rowClick). */
export function openMarkedRow(): boolean {
  const row = markedRow();
  if (!row || document.activeElement !== row) return false;
  const link = row.querySelector<HTMLElement>('a[href]');
  (link ?? row).click();
  return true;
}
