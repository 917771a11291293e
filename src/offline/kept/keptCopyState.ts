import { addCompanyDays, companyDayOf, companyToday, formatCompanyDateTime } from '../../config/companyTime';

// Whether what the screen shows came from the kept copy (no network), and how old the oldest of it is. A page
// load's state only: the first answer from the network again ends it.

type Listener = () => void;

const served = new Map<string, number>();
const listeners = new Set<Listener>();
let oldest: number | null = null;

function changed(): void {
  oldest = served.size ? Math.min(...served.values()) : null;
  for (const listener of listeners) listener();
}

/** An answer to `key` was read from the kept copy; the server gave it at `storedAt`. */
export function noteKeptAnswerShown(key: string, storedAt: number): void {
  if (served.get(key) === storedAt) return;
  served.set(key, storedAt);
  changed();
}

/** An answer came from the server: the network is back, what is shown is fresh again as it reloads. */
export function noteNetworkAnswer(): void {
  if (served.size === 0) return;
  served.clear();
  changed();
}

/** When the oldest kept answer shown was given by the server (ms), or null while everything is fresh. */
export const keptStand = (): number | null => oldest;

export function subscribeKeptStand(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "heute 07:42", "gestern 18:05" or "25.11.2026 18:05": the age of the kept copy in the company's zone. */
export function standText(storedAt: number, zone: string, now: Date = new Date()): string {
  const dateTime = formatCompanyDateTime(new Date(storedAt), zone);
  const day = companyDayOf(new Date(storedAt), zone);
  const today = companyToday(zone, now);
  if (day === today) return `heute ${dateTime.slice(-5)}`;
  if (day === addCompanyDays(today, -1)) return `gestern ${dateTime.slice(-5)}`;
  return dateTime;
}
