import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/** Derives the next query string from the latest one. */
export type SearchParamsChange = (latest: URLSearchParams) => URLSearchParams;

/**
 * react-router's `useSearchParams`, but a change starts from the address the previous change asked for even
 * before the page has drawn it: react-router hands its functional setter the params of the last render, so two
 * quick clicks (a tab, then a filter) both start from the old address and the second undoes the first.
 */
export function useSearchParamsInOrder(): [
  URLSearchParams,
  (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  // The address last asked for and the drawn params it was computed from: valid while those are still drawn.
  const pending = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);

  const change = useCallback(
    (derive: SearchParamsChange, options?: NavigateOptions) => {
      const latest = pending.current?.from === params ? pending.current.next : params;
      const next = derive(new URLSearchParams(latest));
      pending.current = { from: params, next };
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, change];
}
