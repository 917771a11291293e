import { holdsEveryWord } from '../searchWords.rules';

/** A customer a picker offers: its id, its name as shown, its town. */
export interface CustomerChoice {
  id: number;
  displayName: string | null;
  city?: string | null;
}

/**
 * The customers of `all` whose name or town holds every word of `text` (any order, commas ignored: the Kunden
 * list's rule), by name, 20 at most: what a picker offers from the device without network.
 */
export function customersMatching<C extends CustomerChoice>(all: C[], text: string): C[] {
  return all
    .filter((customer) => holdsEveryWord(`${customer.displayName ?? ''} ${customer.city ?? ''}`, text))
    .sort((a, b) => (a.displayName ?? '').localeCompare(b.displayName ?? '', 'de'))
    .slice(0, 20);
}
