import { useCallback, useState } from 'react';

// crypto.randomUUID needs a secure context (https, localhost); elsewhere a v4 UUID from getRandomValues.
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of one opening of a create form or dialog: the same while it is open, so
 * a double click or a retry creates once on the server; a new one each time `open` turns true (a dialog
 * that stays mounted), and after `renew()` (a composer that stays open for the next note). Pass it as
 * `idempotencyKey` to a declared create, or as `meta.idempotencyKey` to react-admin's create.
 */
export function useIdempotencyKey(open = true): { key: string; renew: () => void } {
  const [state, setState] = useState(() => ({ key: newKey(), open }));
  // A new opening, a new key: adjusted during render, React's pattern for state derived from a prop.
  if (state.open !== open) setState({ key: open ? newKey() : state.key, open });
  const renew = useCallback(() => setState((current) => ({ ...current, key: newKey() })), []);
  return { key: state.key, renew };
}
