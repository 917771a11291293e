import { deviceWritesEnded } from '../../offline/deviceData';

/**
 * The records a person opened last through Strg+K, newest first, kept in this browser per account
 * (localStorage). A hint for an empty search box, not data: it needs no request when the box opens, costs the
 * server no write per opened record, and an account never sees another's (the key holds the account id).
 */
export interface RecentRecord {
  kind: 'kunde' | 'endkunde' | 'vorgang' | 'beleg';
  id: number;
  label: string;
  detail: string;
  path: string;
}

const KEEP = 8;
const keyOf = (accountId: string) => `crm.suche.zuletzt.${accountId}`;

export function readRecent(accountId: string | undefined): RecentRecord[] {
  if (!accountId) return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(accountId)) ?? '[]');
    return Array.isArray(stored) ? (stored as RecentRecord[]).slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

export function rememberRecent(accountId: string | undefined, record: RecentRecord) {
  if (!accountId || deviceWritesEnded()) return;
  const others = readRecent(accountId).filter((r) => !(r.kind === record.kind && r.id === record.id));
  try {
    localStorage.setItem(keyOf(accountId), JSON.stringify([record, ...others].slice(0, KEEP)));
  } catch {
    // A full or blocked storage only loses the hint.
  }
}
