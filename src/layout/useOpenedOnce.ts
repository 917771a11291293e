import { useState } from 'react';

/**
 * True from the first time `open` is true on: a drawer, panel or popover is mounted then and stays mounted, so
 * that a closed one costs no render before anyone opens it and its closing still animates.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
