import { useDeferredValue, type ReactNode } from 'react';

/**
 * Draws `children` just after the screen's first paint and `placeholder` (the same size, so nothing moves)
 * until then: parts of a list that nobody reads before its rows (the pagination, the toolbar's buttons) do not
 * hold the rows back on a cold load.
 */
export function AfterFirstPaint({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const afterFirstPaint = useDeferredValue(true, false);
  return afterFirstPaint ? children : placeholder;
}
